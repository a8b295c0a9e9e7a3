import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ContactKind, type Contact, type Message } from '@parley/protocol';
import { href } from '../../nav/routes';
import { dialogs } from '../../ui/dialogs';
import { patchChat } from '../../state/messages/api';
import type { BodyMessage } from '../../state/messages/types';
import { patchConversation } from '../../state/conversations/api';
import { senderId } from '../../state/conversations/model';
import { useSystemInfo } from '../system/api';
import { actionsApi } from '../../state/messages/actions-api';
import { copyableText, writeClipboard } from './clipboard';
import { applyDel, applyUndo, refreshLastLine } from './events';
import { MessageMenu, type MenuItem } from './MessageMenu';
import { quoteExtends, quotePreview, type QuoteExtends } from './quote';
import { QuoteBar } from './QuoteBar';
import { QuotedPreview } from './QuotedPreview';
import { recalledText, rememberRecalled, useRecalled } from './recall-store';
import { menuActions, type MenuAction } from './rules';
import { addSticker } from '../stickers/api';
import styles from './Quote.module.css';

export interface MessageActionsInput {
  conversation: string;
  contact: Contact | undefined;
  myId: number;
  myName: string;
  /** Group cards: user id → the name this group shows. */
  names: ReadonlyMap<number, string>;
  /** The loaded rows of the chat, oldest first. */
  rows: readonly Message[];
  /** The composer is usable (not read-only or muted). */
  canCompose: boolean;
  /** Show a message (the quoted one) in the chat, loading it when needed. */
  onJump(msgId: number): void;
  /** Put a recalled text back into the composer. */
  onReEdit(text: string): void;
}

export interface MessageActions {
  onMenu(msg: BodyMessage, anchor: HTMLElement): void;
  /** The open menu, or null. */
  menu: ReactNode;
  /** The composer's `above` slot while quoting. */
  quoteBar: ReactNode;
  /** `pid` and `extends.quote` for the next send; clears the quote. */
  takeQuote(): { pid: number; extends: QuoteExtends } | undefined;
  /** Under a bubble (its quote) or after a recall line (Re-edit). */
  addon(m: Message): ReactNode;
}

type Open = { msg: Message; rect: DOMRect; anchor: HTMLElement };

/** After quoting or re-editing the user types next: the caret goes to the end of the box. */
function focusComposer(): void {
  requestAnimationFrame(() => {
    const box = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]');
    if (!box) return;
    box.focus();
    box.selectionStart = box.selectionEnd = box.value.length;
  });
}

/** Long-press menu of a chat and what its actions do (PROTOCOL §4.6, spec §4). */
export function useMessageActions(input: MessageActionsInput): MessageActions {
  const { conversation, contact, myId, myName, names, rows, canCompose, onJump, onReEdit } = input;
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { chatInfo } = useSystemInfo().info;
  const recalled = useRecalled();
  const [open, setOpen] = useState<Open | null>(null);
  const [quoting, setQuoting] = useState<{ msg: Message; name: string } | null>(null);
  const byMsgId = useMemo(() => new Map(rows.map((m) => [m.msg_id, m])), [rows]);

  const nameOf = useCallback(
    (m: Message) =>
      senderId(m) === myId ? myName : names.get(senderId(m)) || m.fromUser?.displayName || m.fromUser?.realname || '',
    [myId, myName, names],
  );

  const onMenu = useCallback((msg: BodyMessage, anchor: HTMLElement) => {
    setOpen({ msg: msg as Message, rect: anchor.getBoundingClientRect(), anchor });
  }, []);

  const close = useCallback(() => {
    setOpen((o) => {
      o?.anchor.focus({ preventScroll: true });
      return null;
    });
  }, []);

  /** After my row left the list, the conversation row shows what is newest now. */
  const afterRemoval = (m: Message) => {
    const newest = rows[rows.length - 1];
    if (newest?.id === m.id) refreshLastLine(qc, conversation);
  };

  const run = async (key: MenuAction, m: Message) => {
    switch (key) {
      case 'copy': {
        const ok = await writeClipboard(copyableText(m.content));
        dialogs.toast(ok ? t('messageActions.menu.copied') : t('messageActions.menu.copyFailed'), {
          icon: ok ? 'success' : 'error',
        });
        return;
      }
      case 'quote':
        setQuoting({ msg: m, name: nameOf(m) });
        focusComposer();
        return;
      case 'forward':
        void navigate(href('userSelection', { mode: 'forward', max: 5, msg_id: m.msg_id, from: conversation }));
        return;
      case 'addSticker':
        if (m.file_id) await addSticker(qc, m.file_id);
        return;
      case 'recall': {
        const mine = senderId(m) === myId;
        try {
          await actionsApi.undo(m.id);
        } catch {
          return; // The API client showed the server's reason (e.g. chat.undoExpired).
        }
        if (!mine) return; // The undoMessage push brings the line as the server words it.
        if (m.type === 'text') rememberRecalled(m.id, copyableText(m.content));
        const line = t('messageActions.recall.byMe');
        patchChat(qc, conversation, (d) => applyUndo(d, { id: m.id, content: line, extends: { undoBy: myId } }));
        if (rows[rows.length - 1]?.id === m.id)
          patchConversation(qc, conversation, { lastContent: line, lastSenderName: '', type: 'event' });
        if (quoting?.msg.id === m.id) setQuoting(null);
        return;
      }
      case 'delete':
      case 'remove': {
        const everyone = key === 'delete';
        const r = await dialogs.modal({
          content: everyone ? t('messageActions.menu.deleteConfirm') : t('messageActions.menu.removeConfirm'),
          confirmText: t('messageActions.menu.delete'),
          danger: true,
        });
        if (!r.confirm) return;
        try {
          await (everyone ? actionsApi.del(m.id) : actionsApi.remove(m.id));
        } catch {
          return;
        }
        patchChat(qc, conversation, (d) => applyDel(d, m.id));
        afterRemoval(m);
        if (quoting?.msg.id === m.id) setQuoting(null);
        return;
      }
    }
  };

  let menu: ReactNode = null;
  if (open) {
    const m = open.msg;
    const keys = menuActions(m, {
      myId,
      myRole: contact?.is_group === ContactKind.group ? contact.role : undefined,
      isGroup: contact?.is_group === ContactKind.group,
      redoTime: Number(chatInfo.redoTime) || 0,
      dbDelMsg: Number(chatInfo.dbDelMsg) || 0,
      canCompose,
      now: Date.now(),
    });
    const items: MenuItem[] = keys.map((key) => ({
      key,
      text:
        key === 'addSticker'
          ? t('share.stickers.addToStickers')
          : t(`messageActions.menu.${key === 'delete' ? 'deleteForEveryone' : key}`),
      danger: key === 'delete' || key === 'remove',
    }));
    menu = (
      <MessageMenu
        items={items}
        anchor={open.rect}
        onClose={close}
        onPick={(key) => {
          setOpen(null);
          void run(key, m);
        }}
      />
    );
  }

  const quoteBar = quoting ? (
    <QuoteBar name={quoting.name} preview={quotePreview(quoting.msg, t)} onCancel={() => setQuoting(null)} />
  ) : null;

  const takeQuote = () => {
    if (!quoting) return undefined;
    setQuoting(null);
    return { pid: quoting.msg.msg_id, extends: quoteExtends(quoting.name, quoting.msg, t) };
  };

  const addon = useCallback(
    (m: Message): ReactNode => {
      if (m.is_undo === 1 && senderId(m) === myId) {
        const text = recalledText(recalled, m.id, Date.now());
        return text === null ? null : (
          <button
            type="button"
            className={styles.reEdit}
            onClick={() => (onReEdit(text), focusComposer())}
            data-testid="recall-reedit"
          >
            {t('messageActions.recall.reEdit')}
          </button>
        );
      }
      if (!m.pid || m.type === 'event') return null;
      return <QuotedPreview pid={m.pid} quoted={byMsgId.get(m.pid)} ext={m.extends} nameOf={nameOf} onJump={onJump} />;
    },
    [myId, recalled, byMsgId, nameOf, onJump, onReEdit, t],
  );

  return { onMenu, menu, quoteBar, takeQuote, addon };
}
