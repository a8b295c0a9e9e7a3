import { randomUUID } from 'node:crypto';
import {
  formatMsg,
  friendLimits,
  isAdmin,
  Role,
  type FriendRemovedEvent,
  type FriendRequest,
  type SetNicknameEvent,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError, badParam } from '../../platform/http/errors';
import type { ContactSet, Contacts } from '../contacts/index';
import { usersRepo, type UserRow, type UsersService } from '../users/index';
import * as repo from './friends.repo';
import { requestPush, requestRow } from './present';
import { friendshipRecipients, remarkRecipients, requestRecipients, unfriendRecipients } from './recipients';
import type { Guards } from '../../platform/limits/index';
import type { RequestView } from '../../platform/http/router';

export interface FriendsDeps {
  db: Kysely<DB>;
  clock: Clock;
  users: UsersService;
  contactSet: ContactSet;
  contacts: Contacts;
  events: Events;
  log: (err: unknown) => void;
  /** Server-wide abuse guard: friend requests per user per day (issue 19). */
  guards?: Pick<Guards, 'friendRequest'>;
}

const ACCEPTED = 1;
const PENDING = 2;
const REFUSED = 0;

/** Friend requests, answers, removal and remark names (PROTOCOL §7). */
export function createFriends(deps: FriendsDeps) {
  const { db, clock, users, contactSet, contacts, events } = deps;

  /**
   * A friendship has begun: each side gets the other as a person contact whose last line says
   * so (§7 update, §11.4 appendContact), in the language of the request that caused it.
   */
  async function announceFriendship(a: UserRow, b: UserRow, r: RequestView): Promise<void> {
    const last = { content: formatMsg('friend.nowFriends', r.lang), type: 'event', sendTime: clock.now() };
    const { toA: forA, toB: forB } = await contacts.personPushPair(a, b, r, last);
    await events.toUsers(friendshipRecipients(a.id), 'appendContact', forA);
    await events.toUsers(friendshipRecipients(b.id), 'appendContact', forB);
  }

  async function liveUser(id: number): Promise<UserRow | undefined> {
    const u = await users.get(id);
    return users.isLive(u) ? u : undefined;
  }

  return {
    /** An administrator deleted the account (§12.3 user/del): its friendships and requests go. */
    dropUser: (userId: number) => repo.deleteAllOf(deps.db, userId),

    async index(me: UserRow, mine: boolean, page: number, limit: number, r: RequestView) {
      const p = Math.max(page, 1);
      const size = limit > 0 ? Math.min(limit, 100) : 20;
      const { rows, count } = await repo.requests(db, me.id, mine, p, size);
      const ids = rows.flatMap((row) => [row.create_user, row.friend_user_id]);
      const [people, remarks, circle] = await Promise.all([
        usersRepo.byIds(db, ids),
        contacts.remarksOf(me.id, ids),
        contactSet.of(me.id),
      ]);
      const known = new Set(circle);
      const view = {
        origin: r.origin,
        remarks,
        fullAccount: (id: number) => id === me.id || isAdmin(me) || known.has(id),
      };
      const data: FriendRequest[] = [];
      for (const row of rows) {
        const from = people.get(row.create_user);
        const to = people.get(row.friend_user_id);
        if (from && to) data.push(requestRow(row, from, to, view));
      }
      return { data, count, page: p };
    },

    async add(me: UserRow, targetId: number, remark: string, r: RequestView): Promise<void> {
      if (targetId === me.id) throw new AppError(400, 'friend.self');
      const target = await liveUser(targetId);
      if (!target) throw new AppError(400, 'contact.notFound');
      if ([...remark].length > friendLimits.requestTextMax) throw badParam('remark');
      if (me.role === Role.user && me.friend_limit > 0 && (await repo.countAccepted(db, me.id)) >= me.friend_limit) {
        throw new AppError(400, 'friend.limit');
      }
      const mine = await repo.findPair(db, me.id, target.id);
      if (mine?.status === ACCEPTED) throw new AppError(400, 'friend.already');
      if (mine?.status === PENDING) throw new AppError(400, 'friend.pending');
      // They already list me (a one-sided row, e.g. from imported data): nothing to ask, the
      // friendship starts now, as if they had accepted (§7 add).
      const theyListMe = (await repo.findPair(db, target.id, me.id))?.status === ACCEPTED;
      // Counted only once every refusal above has passed: a refused duplicate uses up none of
      // the day's requests (issue 36 #9).
      await deps.guards?.friendRequest(me.id);
      const now = clock.now();
      await withTx(
        db,
        async (tx, onCommit) => {
          const status = theyListMe ? ACCEPTED : PENDING;
          const written = await repo.requestPair(tx, me.id, target.id, {
            status,
            is_invite: 1,
            remark,
            time: nowSeconds(clock),
            busy: [PENDING, ACCEPTED],
          });
          // A parallel request of mine won the row: one pending request per pair, one push.
          if (!written) throw new AppError(400, 'friend.pending');
          onCommit(() =>
            theyListMe
              ? announceFriendship(me, target, r)
              : events.toUsers(requestRecipients(target.id), 'simple', requestPush(randomUUID(), r.lang, now)),
          );
        },
        deps.log,
      );
    },

    /** Accept (1) or refuse (0) a pending request addressed to me. */
    async answer(me: UserRow, friendId: number, status: number, r: RequestView): Promise<void> {
      if (status !== ACCEPTED && status !== REFUSED) throw badParam('status');
      const row = await repo.findById(db, friendId);
      if (!row || row.friend_user_id !== me.id || row.status !== PENDING)
        throw new AppError(400, 'friend.requestNotFound');
      const requester = await liveUser(row.create_user);
      if (!requester) throw new AppError(400, 'friend.requestNotFound');
      const time = nowSeconds(clock);
      await withTx(
        db,
        async (tx, onCommit) => {
          if (!(await repo.moveStatus(tx, row.id, PENDING, status, time)))
            throw new AppError(400, 'friend.requestNotFound');
          if (status === REFUSED) return;
          // My side of the friendship: a new row, or my own pending request to them, accepted.
          await repo.upsertPair(tx, me.id, requester.id, { status: ACCEPTED, is_invite: 0, time });
          onCommit(() => announceFriendship(me, requester, r));
        },
        deps.log,
      );
    },

    /** Ends a friendship (both rows); each side drops the other from its list. */
    async remove(me: UserRow, otherId: number): Promise<void> {
      const [mine, theirs] = await Promise.all([repo.findPair(db, me.id, otherId), repo.findPair(db, otherId, me.id)]);
      if (mine?.status !== ACCEPTED && theirs?.status !== ACCEPTED) throw new AppError(400, 'friend.notFound');
      await withTx(
        db,
        async (tx, onCommit) => {
          await repo.deleteBoth(tx, me.id, otherId);
          onCommit(async () => {
            await events.toUsers(unfriendRecipients(otherId), 'removeGroup', {
              group_id: me.id,
            } satisfies FriendRemovedEvent);
            await events.toUsers(unfriendRecipients(me.id), 'removeGroup', {
              group_id: otherId,
            } satisfies FriendRemovedEvent);
          });
        },
        deps.log,
      );
    },

    /** My remark name for someone, on my own relation row. */
    async setNickname(me: UserRow, friendId: number, nickname: string): Promise<void> {
      const n = [...nickname].length;
      if (n < friendLimits.nicknameMin || n > friendLimits.nicknameMax) throw badParam('nickname');
      const row = await repo.findById(db, friendId);
      if (!row || row.create_user !== me.id) throw new AppError(400, 'friend.notFound');
      await repo.setNickname(db, row.id, nickname, nowSeconds(clock));
      await events.toUsers(remarkRecipients(me.id), 'setNickname', {
        friend_id: row.id,
        user_id: row.friend_user_id,
        nickname,
      } satisfies SetNicknameEvent);
    },

    pendingCount: (me: UserRow) => repo.countPendingTo(db, me.id),
  };
}
export type Friends = ReturnType<typeof createFriends>;
