import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { dialogs } from '../../../ui/dialogs';
import { groupApi, memberName, refreshGroup, type GroupMember } from '../api';
import { customBounds, daysUntil, muteTimers } from '../mute';
import type { MemberAction } from '../permissions';
import styles from './MemberList.module.css';

const testIds: Record<MemberAction, string> = {
  setManager: 'member-set-manager',
  unsetManager: 'member-unset-manager',
  transfer: 'member-transfer',
  mute: 'member-mute',
  unmute: 'member-unmute',
  remove: 'member-remove',
};

/** The buttons under a tapped member: only what my role allows on theirs (permissions.ts). */
export function MemberActions({
  gid,
  member,
  actions,
  onDone,
}: {
  gid: string;
  member: GroupMember;
  actions: MemberAction[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [muting, setMuting] = useState(false);
  const name = memberName(member);
  const uid = member.user_id;

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      refreshGroup(qc, gid);
      onDone();
    } catch {
      // Shown by the API client.
    }
  };

  const act = async (a: MemberAction) => {
    switch (a) {
      case 'setManager':
        return run(() => groupApi.setManager(gid, uid, 2));
      case 'unsetManager':
        return run(() => groupApi.setManager(gid, uid, 3));
      case 'transfer': {
        const r = await dialogs.modal({ content: t('groups.members.transferConfirm', { name }), danger: true });
        return r.confirm ? run(() => groupApi.changeOwner(gid, uid)) : undefined;
      }
      case 'mute':
        return setMuting(true);
      case 'unmute':
        return run(() => groupApi.setNoSpeak(gid, uid, 0, 0));
      case 'remove': {
        const r = await dialogs.modal({ content: t('groups.members.removeConfirm', { name }), danger: true });
        return r.confirm ? run(() => groupApi.removeUser(gid, uid)) : undefined;
      }
    }
  };

  const custom = async () => {
    const now = Date.now();
    const { min, max } = customBounds(now);
    const end = await dialogs.pickDate({ min, max, value: min, title: t('groups.members.customTitle') });
    if (end) await run(() => groupApi.setNoSpeak(gid, uid, 0, daysUntil(end, Date.now())));
  };

  return (
    <div className={styles.actions} data-testid="member-actions">
      {muting ? (
        <div className={styles.options} role="group" aria-label={t('groups.members.muteTitle')}>
          {muteTimers.map((m) => (
            <button
              key={m.value}
              type="button"
              className={styles.action}
              data-testid="mute-option"
              data-value={m.value}
              onClick={() => void run(() => groupApi.setNoSpeak(gid, uid, m.value))}
            >
              {t(`groups.members.${m.key}`)}
            </button>
          ))}
          <button
            type="button"
            className={styles.action}
            data-testid="mute-option"
            data-value="custom"
            onClick={() => void custom()}
          >
            {t('groups.members.custom')}
          </button>
        </div>
      ) : (
        actions.map((a) => (
          <button
            key={a}
            type="button"
            className={`${styles.action} ${a === 'remove' || a === 'transfer' ? styles.danger : ''}`}
            data-testid={testIds[a]}
            onClick={() => void act(a)}
          >
            {t(`groups.members.${a}`)}
          </button>
        ))
      )}
    </div>
  );
}
