import { formatMsg, sendMessageParams, newMessageId } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import type { RequestView } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { Contacts } from '../contacts/index';
import type { Groups } from '../groups/index';
import type { Messages } from '../messages/index';
import type { Org } from '../org/index';
import { usersRepo, type UsersService } from '../users/index';

export interface OnboardingDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'systemInfo' | 'automation'>;
  users: UsersService;
  contacts: Contacts;
  messages: Messages;
  groups: Groups;
  events: Events;
  /** runMode 1: a newcomer changes the company's head count (§18 `orgChanged`). */
  org: Pick<Org, 'announce'>;
  log: (err: unknown) => void;
}

/**
 * What follows a new account (registration, SSO sign-up). In runMode 1 the organization is
 * announced as changed: the newcomer is in the company's count and its list of people.
 *
 * runMode 2 registration extras (PROTOCOL §2.4 register, §12.1 admin keys): `autoAddUser` gives
 * the new user a customer-service contact (`cs_uid`, round-robin over `user_ids`) who greets them
 * with `welcome`; `autoAddGroup` puts them in the current automatic group. Each extra is best
 * effort: a failure is logged and never undoes the registration.
 */
export function createOnboarding(deps: OnboardingDeps) {
  const { db, clock, config, users, contacts, messages, groups, events } = deps;

  async function assignService(userId: number, r: RequestView): Promise<void> {
    const { autoAddUser } = await config.automation();
    if (autoAddUser.status !== 1 || autoAddUser.user_ids.length === 0) return;
    const candidates = [];
    for (const id of autoAddUser.user_ids) {
      const u = await users.get(id);
      if (users.isLive(u) && u.id !== userId) candidates.push(u);
    }
    if (candidates.length === 0) return;
    // Round-robin: the next one after however many newcomers the pool already serves.
    const served = await usersRepo.countServedBy(
      db,
      candidates.map((u) => u.id),
    );
    const cs = candidates[served % candidates.length];
    if (!cs) return;
    await usersRepo.updateUser(db, userId, { cs_uid: cs.id });
    users.invalidate(userId);
    const newcomer = await users.get(userId);
    if (!newcomer) return;
    const welcome = autoAddUser.welcome.trim();
    if (welcome) {
      // Sent as the service user: both sides get the conversation pushed like any first message.
      await messages.send(
        cs,
        sendMessageParams.parse({ id: newMessageId(), type: 'text', content: welcome, toContactId: userId }),
        r,
      );
      return;
    }
    const last = { content: formatMsg('friend.nowFriends', r.lang), type: 'event', sendTime: clock.now() };
    const [vCs, vNew] = await Promise.all([contacts.viewerOf(cs, r), contacts.viewerOf(newcomer, r)]);
    await events.toUsers([cs.id], 'appendContact', await contacts.personPushContact(cs, newcomer, vCs, last));
    await events.toUsers([newcomer.id], 'appendContact', await contacts.personPushContact(newcomer, cs, vNew, last));
  }

  async function joinGroup(userId: number, r: RequestView): Promise<void> {
    const { autoAddGroup } = await config.automation();
    if (autoAddGroup.status !== 1) return;
    const [owner, user] = await Promise.all([users.get(autoAddGroup.owner_uid), users.get(userId)]);
    if (!users.isLive(owner) || !user) return;
    await groups.joinAutomatic(user, { name: autoAddGroup.name, owner, userMax: autoAddGroup.userMax }, r);
  }

  return {
    async afterRegister(userId: number, r: RequestView): Promise<void> {
      const { sysInfo } = await config.systemInfo();
      if (sysInfo.runMode === 1) return deps.org.announce().catch(deps.log);
      if (sysInfo.runMode !== 2) return;
      await assignService(userId, r).catch(deps.log);
      await joinGroup(userId, r).catch(deps.log);
    },
  };
}
export type Onboarding = ReturnType<typeof createOnboarding>;
