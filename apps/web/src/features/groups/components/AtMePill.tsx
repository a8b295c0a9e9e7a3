import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ContactKind, paths, type Contact } from '@parley/protocol';
import { endpoints } from '../../../lib/endpoints';
import { patchConversation } from '../../../state/conversations/api';
import { forgetAtList, nextMention, rememberAtList } from '../at-list';
import styles from './AtMePill.module.css';
import { callPaged } from '../../../lib/call';

/**
 * "Someone mentioned you" with the count: shown while the group has unread mentions of me
 * (`is_at`, which the atMsgList push sets on opening). Each tap jumps to the oldest mention not
 * yet visited, then the next, as WeChat and Telegram do; after the last the server is told
 * (readAtMsg) and the pill goes.
 */
export function AtMePill({ contact, onJump }: { contact: Contact; onJump(msgId: number): Promise<boolean> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const gid = String(contact.id);
  const [busy, setBusy] = useState(false);
  const count = Math.max(0, contact.is_at || 0);
  if (contact.is_group !== ContactKind.group || count === 0) return null;

  const jump = async () => {
    setBusy(true);
    try {
      if (!nextMention(gid)) {
        // No list from the push: every unread mention of me (§4.5 is_at=1, oldest first).
        const env = await callPaged(paths.getMessageList, { toContactId: gid, is_at: 1 }, { quietSuccess: true });
        rememberAtList(gid, Array.isArray(env.data) ? env.data : []);
      }
      const next = nextMention(gid);
      if (next) {
        rememberAtList(
          gid,
          next.rest.map((msg_id) => ({ msg_id })),
        );
        await onJump(next.target);
      }
      if (next?.rest.length) {
        patchConversation(qc, gid, { is_at: next.rest.length });
        return;
      }
      forgetAtList(gid);
      patchConversation(qc, gid, { is_at: 0 });
      await endpoints.readAtMsg(gid).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={styles.pill} disabled={busy} onClick={() => void jump()} data-testid="at-me-pill">
      {t('groups.mention.atMe')}
      <span className={styles.count} data-testid="at-me-count">
        {count > 99 ? '99+' : count}
      </span>
    </button>
  );
}
