import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ContactKind, paths, type Contact } from '@parley/protocol';
import { endpoints } from '../../../lib/endpoints';
import { patchConversation } from '../../../state/conversations/api';
import { forgetAtList, useAtLists } from '../at-list';
import styles from './AtMePill.module.css';
import { callPaged } from '../../../lib/call';

/**
 * "Someone mentioned you": shown while the group has unread mentions of me (`is_at`, set by
 * the atMsgList push on opening). A tap jumps to the oldest of them and marks them read.
 */
export function AtMePill({ contact, onJump }: { contact: Contact; onJump(msgId: number): Promise<boolean> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const gid = String(contact.id);
  const listed = useAtLists((s) => s.lists[gid]);
  const [busy, setBusy] = useState(false);
  if (contact.is_group !== ContactKind.group || !(contact.is_at > 0)) return null;

  const jump = async () => {
    setBusy(true);
    try {
      let target = listed?.length ? Math.min(...listed) : 0;
      if (!target) {
        // No list from the push: every mention of me (§4.5 is_at=1); the newest is the one to see.
        const env = await callPaged(paths.getMessageList, { toContactId: gid, is_at: 1 }, { quietSuccess: true });
        const rows = Array.isArray(env.data) ? env.data : [];
        target = rows.reduce((max, m) => Math.max(max, m.msg_id), 0);
      }
      if (target) await onJump(target);
      await endpoints.readAtMsg(gid).catch(() => undefined);
    } finally {
      patchConversation(qc, gid, { is_at: 0 });
      forgetAtList(gid);
      setBusy(false);
    }
  };

  return (
    <button type="button" className={styles.pill} disabled={busy} onClick={() => void jump()} data-testid="at-me-pill">
      {t('groups.mention.atMe')}
    </button>
  );
}
