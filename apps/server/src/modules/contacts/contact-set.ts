import { isGroupManager } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { ConfigService } from '../config/index';
import { tickBatcher } from '../../platform/tick-batch';
import * as repo from './contact-set.repo';
import type { GroupReads } from './group-reads';
import { parseGroupSetting } from './present';

/**
 * The contact set of a user (PROTOCOL §1.7): who sees them online, whose private fields they
 * see, whom they may chat with. runMode 1 → all active users; runMode 2 → accepted friends +
 * own customer-service user (`cs_uid`) + users whose `cs_uid` is this user.
 */
export function createContactSet(
  db: Kysely<DB>,
  config: Pick<ConfigService, 'systemInfo'>,
  /** The groups module's reads (groups imports contacts): who shares a group with whom. */
  groupReads: Pick<GroupReads, 'fellowMemberIds' | 'sharedGroups'>,
) {
  // A message push tests both directions at once: one query per tick for all of them.
  const isActive = tickBatcher((ids: number[]) => repo.activeAmong(db, ids), String);
  async function of(userId: number): Promise<number[]> {
    const { sysInfo } = await config.systemInfo();
    return sysInfo.runMode === 1 ? repo.allActiveUserIds(db, userId) : repo.socialContactIds(db, userId);
  }
  return {
    of,
    /** The contact set as name rows (search): runMode 1 reads them in one query. */
    async names(userId: number): Promise<repo.NameRow[]> {
      const { sysInfo } = await config.systemInfo();
      return sysInfo.runMode === 1
        ? repo.allActiveNames(db, userId)
        : repo.namesOf(db, await repo.socialContactIds(db, userId));
    },
    /** One membership test; sendMessage calls this per message, so it must not load the set. */
    async has(userId: number, otherId: number): Promise<boolean> {
      if (userId === otherId) return true;
      const { sysInfo } = await config.systemInfo();
      return sysInfo.runMode === 1 ? isActive(otherId) : repo.isSocialContact(db, userId, otherId);
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
    isAcceptedFriend: (owner: number, other: number) => repo.isAcceptedFriend(db, owner, other),
  };
}
export type ContactSet = ReturnType<typeof createContactSet>;
