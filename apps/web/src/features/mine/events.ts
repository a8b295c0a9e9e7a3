import type { QueryClient } from '@tanstack/react-query';
import type { Message, SelfInfo, UserUpdatedEvent } from '@parley/protocol';
import { contactsKey, patchConversation } from '../../state/conversations/api';
import type { MessagesData } from '../../state/messages/model';
import { userInfoKey } from '../contacts/api';
import { useAuth } from '../../state/auth';

/**
 * `updateUser` (Parley extension, §11.4): someone I show changed face or name. Their
 * conversation row and the bubbles already on screen take the new avatar at once; the list,
 * their card and group member lists are re-read for names (my remark names win there).
 */
export function onUserUpdated(qc: QueryClient, d: UserUpdatedEvent): void {
  if (!d || typeof d.user_id !== 'number') return;
  const me = useAuth.getState().userInfo;
  if (me && me.user_id === d.user_id) {
    useAuth.getState().setUserInfo({ ...me, realname: d.realname, avatar: d.avatar, motto: d.motto, sex: d.sex });
  }
  patchConversation(qc, d.user_id, { avatar: d.avatar });
  const fix = (m: Message): Message =>
    m.fromUser && Number(m.fromUser.id) === d.user_id ? { ...m, fromUser: { ...m.fromUser, avatar: d.avatar } } : m;
  for (const [key, data] of qc.getQueriesData<MessagesData>({ queryKey: ['messages'] })) {
    if (data?.messages) qc.setQueryData<MessagesData>(key, { ...data, messages: data.messages.map(fix) });
  }
  void qc.invalidateQueries({ queryKey: contactsKey });
  void qc.invalidateQueries({ queryKey: userInfoKey(d.user_id) });
  void qc.invalidateQueries({ queryKey: ['groupMembers'] });
}

/** `updateSelf`: my account changed on another device (settings, profile): follow it here. */
export function onSelfUpdated(d: SelfInfo): void {
  const me = useAuth.getState().userInfo;
  if (!me || !d || d.user_id !== me.user_id) return;
  useAuth.getState().setUserInfo({ ...me, ...d });
}
