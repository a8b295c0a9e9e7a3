import { GroupRole, type EventLine } from '@parley/protocol';
import type { OnCommit, Tx } from '../../platform/db/index';
import type { RequestView } from '../../platform/http/router';
import { avatarUrl, type UserRow } from '../users/index';
import { wireId, type GroupContext, type GroupsDeps, type Member } from './context';
import * as repo from './groups.repo';
import type { GroupRow } from './member-reads.repo';
import { addGroupUserRecipients, removeUserRecipients } from './recipients';

/**
 * What follows one person joining or leaving a group, the same whichever path got them there
 * (joinGroup and the automatic group; removeUser and the admin console): the event line in the
 * same transaction, then after the commit the §6 pushes and a new group avatar.
 */

type Deps = Pick<GroupsDeps, 'events' | 'refreshAvatar'>;

const avatarOf = (group: GroupRow, r: RequestView) => avatarUrl(r.origin, group.avatar || '/static/img/group.png');

/** `user` was just added as a member (invited by `inviterId`); `before` are the members before. */
export async function announceJoin(
  deps: Deps,
  ctx: GroupContext,
  tx: Tx,
  onCommit: OnCommit,
  j: { group: GroupRow; user: UserRow; inviterId: number; before: Member[]; r: RequestView },
): Promise<void> {
  const { group, user, r } = j;
  const line: EventLine = { key: 'group.eventJoined', params: { name: user.realname } };
  const row = await ctx.eventRow(tx, group.id, user, line, r.lang);
  const after = await ctx.members(group.id, tx);
  onCommit(async () => {
    await ctx.pushAddGroup(group.id, user, [{ user_id: user.id, role: GroupRole.member }], row.content, r);
    const data = {
      group_id: wireId(group.id),
      user_ids: [user.id],
      invite_id: j.inviterId,
      avatar: avatarOf(group, r),
    };
    await deps.events.toUsers(addGroupUserRecipients(j.before), 'addGroupUser', data);
    await ctx.pushRow(group.id, user, row, after, r);
    deps.refreshAvatar(group.id);
  });
}

/** Removes `userId` from the group, `actor` named by `line` (left, or removed by someone). */
export async function removeAndAnnounce(
  deps: Deps,
  ctx: GroupContext,
  tx: Tx,
  onCommit: OnCommit,
  x: { group: GroupRow; actor: UserRow; userId: number; line: EventLine; r: RequestView },
): Promise<void> {
  const { group, actor, userId, r } = x;
  await repo.deleteMember(tx, group.id, userId);
  const row = await ctx.eventRow(tx, group.id, actor, x.line, r.lang);
  const remaining = await ctx.members(group.id, tx);
  onCommit(async () => {
    const data = { group_id: wireId(group.id), user_id: userId, avatar: avatarOf(group, r) };
    await deps.events.toUsers(removeUserRecipients(remaining, userId), 'removeUser', data);
    await ctx.pushRow(group.id, actor, row, remaining, r);
    deps.refreshAvatar(group.id);
  });
}
