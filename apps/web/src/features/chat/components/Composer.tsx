import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@parley/protocol';
import { EmojiIcon, KeyboardIcon, PlusCircleIcon, VoiceIcon } from '../../../ui/icons';
import { insertMention, mentionIds, typedAt, type Mention } from '../../groups/mentions';
import { MentionPicker, type MentionOption } from '../../groups/components/MentionPicker';
import { textLength } from '../../../state/messages/model';
import styles from './Composer.module.css';

import type { EmojiPanelProps } from './EmojiPanel';

const EmojiPanel = lazy(() => import('./EmojiPanel'));

export interface ComposerProps {
  /** Initial text (the conversation's draft). */
  initial?: string;
  /** 1: Enter sends, Shift+Enter breaks; 2: Ctrl/Cmd+Enter sends (user setting `sendKey`). */
  sendKey?: 1 | 2;
  /** Why sending is impossible here (read-only, muted…); disables the composer. */
  disabledReason?: string | null;
  /** `at`: ids of the members mentioned in the text (group chats; 0 = everyone). */
  onSend(text: string, at: number[]): void;
  /** Group chats: who "@" offers (an empty list turns mentions off). */
  mentionables?: MentionOption[];
  /** Every edit, for the draft store. */
  onChange?(text: string): void;
  /** The composer grew or the emoji panel opened: the list may keep its bottom in view. */
  onResize?(): void;
  /** The "+" panel (pictures, files, location, calls…); no "+" button without it. */
  plusPanel?: ReactNode;
  /** Hold-to-talk control shown instead of the text box in voice mode; no toggle without it. */
  voiceInput?: ReactNode;
  /** Shown above the input row (e.g. the message being quoted). */
  above?: ReactNode;
  /** Changing this number folds the "+" and emoji panels (an entry's action has started). */
  foldSignal?: number;
  /** A tap on one of my stickers in the emoji panel sends it; no sticker tabs without it. */
  onSendSticker?: EmojiPanelProps['onSendSticker'];
}

type Panel = 'none' | 'emoji' | 'plus';

const MAX = limits.textMessage;
/** Show the counter from here on. */
const COUNTER_FROM = MAX - 200;
const MAX_HEIGHT = 120;

/** Auto-growing text box, emoji panel, and a send button that appears with text. */
export function Composer(props: ComposerProps) {
  const {
    initial = '',
    sendKey = 1,
    disabledReason,
    onSend,
    onChange,
    onResize,
    mentionables = [],
    plusPanel,
    voiceInput,
    above,
    onSendSticker,
    foldSignal = 0,
  } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [picking, setPicking] = useState(false);
  const chosen = useRef<Mention[]>([]);
  const [panel, setPanel] = useState<Panel>('none');
  const [voiceMode, setVoiceMode] = useState(false);
  const emojiOpen = panel === 'emoji';
  useEffect(() => {
    if (foldSignal > 0) setPanel('none');
  }, [foldSignal]);
  const ref = useRef<HTMLTextAreaElement>(null);
  const length = textLength(text);
  const canSend = text.trim() !== '' && length <= MAX && !disabledReason;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
    onResize?.();
  }, [text, onResize]);

  const update = (v: string) => {
    setText(v);
    onChange?.(v);
  };

  const send = () => {
    if (!canSend) return;
    onSend(text.trim(), mentionIds(text, chosen.current));
    chosen.current = [];
    update('');
    ref.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const sends = sendKey === 2 ? ctrl : !e.shiftKey && !ctrl && !e.altKey;
    if (sends) {
      e.preventDefault();
      send();
    } else if (sendKey === 1 && ctrl) {
      // Ctrl+Enter still breaks the line when Enter is the send key.
      e.preventDefault();
      insert('\n');
    }
  };

  const insert = (s: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + s + text.slice(end);
    if (textLength(next) > MAX) return;
    update(next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.selectionStart = el.selectionEnd = start + s.length;
    });
  };

  const onInput = (v: string, caret: number) => {
    if (mentionables.length > 0 && typedAt(text, v, caret)) setPicking(true);
    update(v);
  };

  const pick = (m: Mention) => {
    setPicking(false);
    const caret = ref.current?.selectionStart ?? text.length;
    const next = insertMention(text, caret, m.name);
    if (textLength(next.text) > MAX) return;
    chosen.current = [...chosen.current, m];
    update(next.text);
    requestAnimationFrame(() => {
      const el = ref.current;
      if (!el) return;
      el.focus();
      el.selectionStart = el.selectionEnd = next.caret;
    });
  };

  const toggle = (p: Panel) => {
    setPanel((cur) => (cur === p ? 'none' : p));
    if (p === 'emoji') setVoiceMode(false);
    onResize?.();
  };

  if (disabledReason) {
    return (
      <div className={`${styles.bar} ${styles.disabled}`} data-testid="chat-disabled" role="status">
        {disabledReason}
      </div>
    );
  }

  return (
    <div className={styles.wrap}>
      {above}
      <div className={styles.bar}>
        {voiceInput ? (
          <button
            type="button"
            className={styles.icon}
            onClick={() => {
              setVoiceMode((v) => !v);
              setPanel('none');
            }}
            aria-label={voiceMode ? t('chat.keyboardInput') : t('chat.voiceInput')}
            aria-pressed={voiceMode}
            data-testid="voice-toggle"
          >
            {voiceMode ? <KeyboardIcon size={28} /> : <VoiceIcon size={28} />}
          </button>
        ) : null}
        {voiceMode && voiceInput ? <div className={styles.field}>{voiceInput}</div> : null}
        <div className={styles.field} hidden={voiceMode && Boolean(voiceInput)}>
          <textarea
            ref={ref}
            className={styles.input}
            rows={1}
            value={text}
            maxLength={MAX}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.input')}
            enterKeyHint={sendKey === 1 ? 'send' : 'enter'}
            onChange={(e) => onInput(e.target.value, e.target.selectionStart ?? e.target.value.length)}
            onKeyDown={onKeyDown}
            onFocus={() => setPanel('none')}
            data-testid="chat-input"
          />
          {length >= COUNTER_FROM ? (
            <span
              className={`${styles.counter} ${length > MAX ? styles.over : ''}`}
              data-testid="chat-counter"
              aria-live="polite"
            >
              {length}/{MAX}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          className={styles.icon}
          onClick={() => toggle('emoji')}
          aria-label={emojiOpen ? t('chat.closeEmoji') : t('chat.emoji')}
          aria-expanded={emojiOpen}
          data-testid="emoji-button"
        >
          {emojiOpen ? <KeyboardIcon size={28} /> : <EmojiIcon size={28} />}
        </button>
        {canSend && !voiceMode ? (
          <button type="button" className={styles.send} onClick={send} data-testid="chat-send">
            {t('chat.send')}
          </button>
        ) : plusPanel ? (
          <button
            type="button"
            className={styles.icon}
            onClick={() => toggle('plus')}
            aria-label={panel === 'plus' ? t('chat.closePlus') : t('chat.plus')}
            aria-expanded={panel === 'plus'}
            data-testid="chat-plus"
          >
            <PlusCircleIcon size={28} />
          </button>
        ) : null}
      </div>
      {picking ? <MentionPicker options={mentionables} onPick={pick} onClose={() => setPicking(false)} /> : null}
      {emojiOpen ? (
        <Suspense fallback={<div className={styles.emojiFallback} />}>
          <EmojiPanel onPick={insert} onSendSticker={onSendSticker} />
        </Suspense>
      ) : null}
      {panel === 'plus' ? plusPanel : null}
    </div>
  );
}
