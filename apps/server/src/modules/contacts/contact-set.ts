import { isGroupManager } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { ConfigService } from '../config/index';
import { tickBatcher } from '../../platform/tick-batch';
import { activeUsersRepo } from '../users/index';
import type { FriendReads } from './friend-reads';
import type { GroupReads } from './group-reads';
import { parseGroupSetting } from './present';

/** What the contact set reads of the tables friends and groups own, handed in by createServices. */
export interface ContactSetReads {
  friendReads: Pick<FriendReads, 'acceptedFriendIds' | 'isAcceptedFriend'>;
  groupReads: Pick<GroupReads, 'fellowMemberIds' | 'sharedGroups'>;
}

/**
 * The contact set of a user (PROTOCOL §1.7): who sees them online, whose private fields they
 * see, whom they may chat with. runMode 1 → all active users; runMode 2 → accepted friends +
 * own customer-service user (`cs_uid`) + users whose `cs_uid` is this user.
 */
export function createContactSet(
  db: Kysely<DB>,
  config: Pick<ConfigService, 'systemInfo'>,
  /** The owners' reads (friends and groups import contacts): accepted friends, shared groups. */
  reads: ContactSetReads,
) {
  const { friendReads, groupReads } = reads;
  // A message push tests both directions at once: one query per tick for all of them.
  const isActive = tickBatcher((ids: number[]) => activeUsersRepo.activeAmong(db, ids), String);

  /** runMode 2: my accepted friends, my customer-service user, and users I serve. */
  async function socialContactIds(userId: number): Promise<number[]> {
    const [friends, csUid, served] = await Promise.all([
      friendReads.acceptedFriendIds(db, userId),
      activeUsersRepo.csUidOf(db, userId),
      activeUsersRepo.servedBy(db, userId),
    ]);
    const ids = new Set<number>(friends);
    if (csUid > 0) ids.add(csUid);
    for (const id of served) ids.add(id);
    ids.delete(userId);
    return [...ids];
  }

  /** runMode 2 membership of one user, without loading the whole set. */
  async function isSocialContact(userId: number, other: number): Promise<boolean> {
    const [friend, pair] = await Promise.all([
      friendReads.isAcceptedFriend(db, userId, other),
      activeUsersRepo.activePair(db, userId, other),
    ]);
    const me = pair.find((r) => r.id === userId);
    const them = pair.find((r) => r.id === other);
    if (!them) return false;
    return friend || (me !== undefined && me.cs_uid === other) || them.cs_uid === userId;
  }

  async function of(userId: number): Promise<number[]> {
    const { sysInfo } = await config.systemInfo();
    return sysInfo.runMode === 1 ? activeUsersRepo.allActiveUserIds(db, userId) : socialContactIds(userId);
  }
  return {
    of,
    /** The contact set as name rows (search): runMode 1 reads them in one query. */
    async names(userId: number): Promise<activeUsersRepo.NameRow[]> {
      const { sysInfo } = await config.systemInfo();
      return sysInfo.runMode === 1
        ? activeUsersRepo.allActiveNames(db, userId)
        : activeUsersRepo.namesOf(db, await socialContactIds(userId));
    },
    /** One membership test; sendMessage calls this per message, so it must not load the set. */
    async has(userId: number, otherId: number): Promise<boolean> {
      if (userId === otherId) return true;
      const { sysInfo } = await config.systemInfo();
      return sysInfo.runMode === 1 ? isActive(otherId) : isSocialContact(userId, otherId);
    },
    /** Who sees a change of my public face: my contact set and everyone sharing a group with me. */
    async audience(userId: number): Promise<number[]> {
      const [contacts, fellows] = await Promise.all([of(userId), groupReads.fellowMemberIds(db, userId)]);
      return [...new Set([...contacts, ...fellows])];
    },
    /**
     * Group option `profile` (§6.1): when every group we share keeps cards closed ("0") and I
     * manage none of them, I may not open the card of a fellow member outside my contact set.
     * Strangers with no shared group stay reachable (searchUser by exact account is deliberate).
     */
    async mayOpenCard(viewerId: number, targetId: number): Promise<boolean> {
      const shared = await groupReads.sharedGroups(db, viewerId, targetId);
      if (shared.length === 0) return true;
      return shared.some((g) => isGroupManager(g.role) || parseGroupSetting(g.setting).profile === '1');
    },
    /** Directional friendship, for sendMessage's runMode 2 checks (§4.4 check 6). */
    isAcceptedFriend: (owner: number, other: number) => friendReads.isAcceptedFriend(db, owner, other),
  };
}
export type ContactSet = ReturnType<typeof createContactSet>;
