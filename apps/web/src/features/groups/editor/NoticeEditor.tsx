import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Underline from '@tiptap/extension-underline';
import { limits } from '@parley/protocol';
import { dialogs } from '../../../ui/dialogs';
import { plainText } from '../../../state/conversations/model';
import { editorHistory, isAllowedLink, linkProtocols } from './history';
import { fromWireHtml, isEmptyHtml, sanitizeEditorHtml, toWireHtml } from './sanitize-editor';
import { BulletListIcon, ClearFormatIcon, LinkIcon, OrderedListIcon, RedoIcon, UndoIcon } from './editor-icons';
import styles from './NoticeEditor.module.css';

export interface NoticeEditorProps {
  initial: string;
  onSave(html: string): Promise<void>;
  onClose(): void;
}

/**
 * The rich-text editor of spec §1 for group announcements, loaded only when opened. Its output
 * is sanitised (spec §5) before it leaves; the server sanitises again.
 */
export default function NoticeEditor({ initial, onSave, onClose }: NoticeEditorProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: editorHistory,
        link: false,
        underline: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
      }),
      Underline,
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: [...linkProtocols],
        isAllowedUri: (url) => isAllowedLink(url),
      }),
    ],
    content: sanitizeEditorHtml(fromWireHtml(initial)),
    // Created after the first commit, not during render: an editor made while rendering is
    // destroyed by tiptap 1 ms later unless React has committed by then, and a slow (lazy,
    // time-sliced) first render then read the destroyed editor — the crash of issue 15.
    immediatelyRender: false,
  });
  const length =
    useEditorState({ editor, selector: (s) => (usable(s.editor) ? plainText(s.editor.getHTML()).length : 0) }) ?? 0;

  const save = async () => {
    if (!usable(editor)) return;
    const html = toWireHtml(sanitizeEditorHtml(editor.getHTML()));
    if (isEmptyHtml(html)) return dialogs.toast(t('groups.editor.empty'));
    if (length > limits.textMessage) return dialogs.toast(t('groups.editor.tooLong'));
    setSaving(true);
    try {
      await onSave(html);
    } catch {
      // The API client showed the reason; keep the text for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible position="bottom" bodyStyle={{ height: '100%' }} onMaskClick={onClose}>
      <div className={styles.panel} role="dialog" aria-label={t('groups.editor.title')}>
        <div className={styles.head}>
          <button type="button" className={styles.textButton} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <h2>{t('groups.editor.title')}</h2>
          <button
            type="button"
            className={styles.save}
            disabled={saving}
            onClick={() => void save()}
            data-testid="editor-save"
          >
            {t('groups.editor.save')}
          </button>
        </div>
        {usable(editor) ? <Toolbar editor={editor} /> : <div className={styles.toolbar} aria-hidden />}
        <div className={styles.body} data-testid="editor-body">
          {usable(editor) ? <EditorContent editor={editor} /> : null}
        </div>
        <div className={`${styles.count} ${length > limits.textMessage ? styles.over : ''}`}>
          {length}/{limits.textMessage}
        </div>
      </div>
    </Popup>
  );
}

/** An editor that may be read: created, and not destroyed (tiptap drops its schema on destroy). */
function usable(editor: Editor | null): editor is Editor {
  return editor !== null && !editor.isDestroyed;
}

const idle = {
  h1: false,
  h2: false,
  h3: false,
  bold: false,
  italic: false,
  underline: false,
  link: false,
  ordered: false,
  bullet: false,
};

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      !usable(e)
        ? idle
        : {
            h1: e.isActive('heading', { level: 1 }),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            link: e.isActive('link'),
            ordered: e.isActive('orderedList'),
            bullet: e.isActive('bulletList'),
          },
  });
  const chain = () => editor.chain().focus();
  // (Commands on a destroyed editor are no-ops in tiptap: its chain() is a fake without a manager.)
  const link = async () => {
    if (state.link) return void chain().unsetLink().run();
    const r = await dialogs.modal({
      title: t('groups.editor.link'),
      content: 'https://',
      editable: true,
      placeholder: t('groups.editor.linkPrompt'),
    });
    if (!r.confirm) return;
    // A forbidden protocol becomes an empty address (spec §5) rather than being refused.
    const hrefValue = isAllowedLink(r.content) ? r.content.trim() : '';
    chain().extendMarkRange('link').setLink({ href: hrefValue }).run();
  };
  const tools: { key: string; label: string; text: ReactNode; active?: boolean; run(): void }[] = [
    {
      key: 'h1',
      label: t('groups.editor.h1'),
      text: 'H1',
      active: state.h1,
      run: () => chain().toggleHeading({ level: 1 }).run(),
    },
    {
      key: 'h2',
      label: t('groups.editor.h2'),
      text: 'H2',
      active: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: t('groups.editor.h3'),
      text: 'H3',
      active: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bold',
      label: t('groups.editor.bold'),
      text: 'B',
      active: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: t('groups.editor.italic'),
      text: 'I',
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: t('groups.editor.underline'),
      text: 'U',
      active: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: 'link',
      label: t('groups.editor.link'),
      text: <LinkIcon size={20} />,
      active: state.link,
      run: () => void link(),
    },
    {
      key: 'ordered',
      label: t('groups.editor.ordered'),
      text: <OrderedListIcon size={20} />,
      active: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'bullet',
      label: t('groups.editor.bullet'),
      text: <BulletListIcon size={20} />,
      active: state.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'clear',
      label: t('groups.editor.clear'),
      text: <ClearFormatIcon size={20} />,
      run: () => chain().unsetAllMarks().clearNodes().run(),
    },
    { key: 'undo', label: t('groups.editor.undo'), text: <UndoIcon size={20} />, run: () => chain().undo().run() },
    { key: 'redo', label: t('groups.editor.redo'), text: <RedoIcon size={20} />, run: () => chain().redo().run() },
  ];
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('groups.editor.title')} data-testid="editor-toolbar">
      {tools.map((b) => (
        <button
          key={b.key}
          type="button"
          className={styles.tool}
          aria-label={b.label}
          title={b.label}
          aria-pressed={b.active === undefined ? undefined : b.active}
          onMouseDown={(e) => e.preventDefault()}
          onClick={b.run}
          data-testid={`editor-${b.key}`}
        >
          {b.text}
        </button>
      ))}
    </div>
  );
}
