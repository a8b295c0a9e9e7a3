import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ContactKind, type Contact } from '@parley/protocol';
import { useNow } from '../../lib/use-now';
import { memberName, useGroupMembers } from './api';
import { EVERYONE } from './mentions';
import type { MentionOption } from './components/MentionPicker';
import { isManager, settingOf, speakBlock } from './permissions';

export interface GroupChat {
  /** Why I cannot write here now (group mute mode / my own mute), or null. */
  block: string | null;
  /** Who "@" offers: members but me, "Everyone" first for owner and managers. */
  mentionables: MentionOption[];
  /** user id → name in this group (the card when set), so live card changes show at once. */
  names: Map<number, string>;
}

/**
 * What a group chat needs from the group: the composer's mute reason (updated live by the
 * groupSetting / setNoSpeak pushes through the contacts and members queries), mention
 * candidates and member names. Inert for persons.
 */
export function useGroupChat(contact: Contact | undefined, myId: number): GroupChat {
  const { t } = useTranslation();
  const isGroup = contact?.is_group === ContactKind.group;
  const members = useGroupMembers(isGroup ? String(contact.id) : undefined);
  const now = useNow(15_000);
  const mine = members.data?.find((m) => m.user_id === myId);
  const role = contact?.role ?? mine?.role;
  const block = useMemo(() => {
    if (!isGroup) return null;
    const b = speakBlock(role, settingOf(contact.setting), mine?.no_speak_time ?? 0, now);
    if (!b) return null;
    if (b.kind === 'group') return t('groups.composer.groupMuted');
    return t('groups.composer.memberMuted', { time: dayjs(b.until * 1000).format('YYYY-MM-DD HH:mm') });
  }, [isGroup, role, contact?.setting, mine?.no_speak_time, now, t]);
  const mentionables = useMemo<MentionOption[]>(() => {
    if (!isGroup) return [];
    const others = (members.data ?? [])
      .filter((m) => m.user_id !== myId)
      .map((m) => ({ id: m.user_id, name: memberName(m), avatar: m.userInfo?.avatar }));
    return isManager(role) ? [{ id: EVERYONE, name: t('groups.mention.everyone') }, ...others] : others;
  }, [isGroup, members.data, myId, role, t]);
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.user_id, memberName(m)])), [members.data]);
  return { block, mentionables, names };
}
