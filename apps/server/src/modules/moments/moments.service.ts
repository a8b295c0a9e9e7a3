import {
  momentLimits,
  type Moment,
  type MomentComment,
  type MomentEvent,
  type MomentLikes,
  type MomentNotice,
  type MomentsUnread,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import type { Events } from '../../platform/events';
import { AppError, badParam } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import type { ContactSet, Contacts } from '../contacts/index';
import type { Files } from '../files/index';
import type { UserRow, UsersService } from '../users/index';
import * as repo from './moments.repo';
import { cleanLocation, commentOf, momentOf, noticeOf, parseImageIds, summaryOf, type PresentContext } from './present';
import { commentRecipients, likeRecipients, postRecipients } from './recipients';

export interface MomentsDeps {
  db: Kysely<DB>;
  clock: Clock;
  users: UsersService;
  contactSet: ContactSet;
  contacts: Pick<Contacts, 'remarksOf'>;
  files: Pick<Files, 'byIds'>;
  events: Events;
  log: (err: unknown) => void;
}

export interface PublishInput {
  content: string;
  images: number[];
  video: number;
  location?: Record<string, unknown> | undefined;
  visibility: 0 | 1;
}

const IMAGE = 2;
const VIDEO = 4;
const chars = (s: string) => [...s].length;

/** Moments (PROTOCOL §9): who sees which post, and which likes and comments on it. */
export function createMoments(deps: MomentsDeps) {
  const { db, clock, users, contactSet, contacts, files, events } = deps;

  async function peopleOf(ids: number[]): Promise<Map<number, UserRow>> {
    const unique = [...new Set(ids)];
    const rows = await Promise.all(unique.map((id) => users.get(id)));
    return new Map(rows.flatMap((u) => (u ? [[u.id, u] as const] : [])));
  }

  /** Rows → the §9 shapes for one viewer, with only the likes and comments they may see. */
  async function present(me: UserRow, circle: Set<number>, rows: repo.MomentRow[], r: RequestView): Promise<Moment[]> {
    const ids = rows.map((m) => m.id);
    const [likes, comments] = await Promise.all([repo.likesOf(db, ids), repo.commentsOf(db, ids)]);
    const author = new Map(rows.map((m) => [m.id, m.user_id]));
    // §9: on a post V sees only what V, its author and V's contact set wrote.
    const shown = (momentId: number, by: number) => by === me.id || by === author.get(momentId) || circle.has(by);
    const visLikes = likes.filter((l) => shown(l.moment_id, l.user_id));
    const visComments = comments.filter((c) => shown(c.moment_id, c.user_id));
    const personIds = [
      ...rows.map((m) => m.user_id),
      ...visLikes.map((l) => l.user_id),
      ...visComments.flatMap((c) => [c.user_id, c.reply_user_id]),
    ].filter((id) => id > 0);
    const fileIds = rows.flatMap((m) => [...parseImageIds(m.images), m.video_id]).filter((id) => id > 0);
    const [people, remarks, fileRows] = await Promise.all([
      peopleOf(personIds),
      contacts.remarksOf(me.id, [...new Set(personIds)]),
      files.byIds(fileIds),
    ]);
    const c: PresentContext = { viewerId: me.id, origin: r.origin, people, remarks, files: fileRows };
    return rows.map((m) =>
      momentOf(
        m,
        visLikes.filter((l) => l.moment_id === m.id),
        visComments.filter((cm) => cm.moment_id === m.id),
        c,
      ),
    );
  }

  async function circleOf(me: UserRow): Promise<Set<number>> {
    return new Set(await contactSet.of(me.id));
  }

  /** Whether `viewer` may see this post (§9): theirs, or shared and its author is their contact. */
  async function canSee(viewerId: number, m: repo.MomentRow): Promise<boolean> {
    if (m.user_id === viewerId) return true;
    return m.visibility === 1 && (await contactSet.has(viewerId, m.user_id));
  }

  async function visiblePost(me: UserRow, id: number): Promise<repo.MomentRow> {
    const m = await repo.findMoment(db, id);
    if (!m || !(await canSee(me.id, m))) throw new AppError(400, 'moments.notFound');
    return m;
  }

  async function likesView(me: UserRow, m: repo.MomentRow, r: RequestView): Promise<MomentLikes> {
    const [post] = await present(me, await circleOf(me), [m], r);
    return { id: m.id, likes: post?.likes ?? [] };
  }

  /** The actor as pushes carry them: no viewer's remark names (the push only drives badges). */
  async function actor(me: UserRow, r: RequestView) {
    return summaryOf(me.id, { people: new Map([[me.id, me]]), remarks: new Map(), origin: r.origin });
  }

  async function checkMedia(me: UserRow, images: number[], video: number): Promise<void> {
    const unique = [...new Set(images)];
    if (unique.length !== images.length) throw badParam('images');
    const rows = await files.byIds([...images, ...(video > 0 ? [video] : [])]);
    const mine = (id: number, cate: number) => {
      const f = rows.get(id);
      return f !== undefined && f.user_id === me.id && f.cate === cate;
    };
    if (!images.every((id) => mine(id, IMAGE))) throw badParam('images');
    if (video > 0 && !mine(video, VIDEO)) throw badParam('video');
  }

  return {
    async list(me: UserRow, lastId: number, limit: number, authorId: number | undefined, r: RequestView) {
      const size = Math.min(Math.max(limit > 0 ? limit : momentLimits.pageDefault, 1), momentLimits.pageMax);
      const circle = await circleOf(me);
      let visible: repo.Visible;
      if (authorId === undefined) visible = { self: me.id, others: [...circle] };
      else if (authorId === me.id) visible = { self: me.id, others: [] };
      else visible = { others: circle.has(authorId) ? [authorId] : [] };
      // Read the top before the page, so a post arriving in between still shows as new.
      const top = authorId === undefined ? await repo.maxMomentId(db) : 0;
      const { rows, count } = await repo.listVisible(db, visible, lastId, size);
      if (authorId === undefined && top > 0) await repo.markSeen(db, me.id, top);
      return { data: await present(me, circle, rows, r), count, page: 1 };
    },

    async publish(me: UserRow, input: PublishInput, r: RequestView): Promise<Moment> {
      if (chars(input.content) > momentLimits.content) throw badParam('content');
      if (input.images.length > momentLimits.images || (input.images.length > 0 && input.video > 0))
        throw new AppError(400, 'moments.tooManyMedia');
      if (!input.content && input.images.length === 0 && input.video <= 0) throw new AppError(400, 'moments.empty');
      await checkMedia(me, input.images, input.video);
      const location = cleanLocation(input.location);
      const row = await withTx(
        db,
        async (tx, onCommit) => {
          const m = await repo.insertMoment(tx, {
            user_id: me.id,
            content: input.content,
            images: JSON.stringify(input.images),
            video_id: Math.max(input.video, 0),
            location: location ? JSON.stringify(location) : '',
            visibility: input.visibility,
            create_time_ms: clock.now(),
          });
          onCommit(async () => {
            if (m.visibility !== 1) return;
            const to = postRecipients(me.id, await contactSet.of(me.id));
            const ev: MomentEvent = {
              kind: 'post',
              moment_id: m.id,
              user: await actor(me, r),
              createTime: m.create_time_ms,
            };
            await events.toUsers(to, 'moments', ev);
          });
          return m;
        },
        deps.log,
      );
      const [post] = await present(me, await circleOf(me), [row], r);
      return post as Moment;
    },

    async del(me: UserRow, id: number): Promise<void> {
      const m = await repo.findMoment(db, id);
      if (!m || m.user_id !== me.id) throw new AppError(400, 'moments.notFound');
      await withTx(db, (tx) => repo.deleteMoment(tx, id), deps.log);
    },

    async like(me: UserRow, id: number, r: RequestView): Promise<MomentLikes> {
      const m = await visiblePost(me, id);
      const now = clock.now();
      await withTx(
        db,
        async (tx, onCommit) => {
          if (!(await repo.insertLike(tx, m.id, me.id, now))) return; // already liked: nothing new to tell
          const to = likeRecipients(me.id, m.user_id);
          await repo.insertNotices(
            tx,
            to.map((u) => ({
              user_id: u,
              kind: 'like',
              moment_id: m.id,
              from_user: me.id,
              comment_id: 0,
              content: '',
              create_time_ms: now,
            })),
          );
          onCommit(async () => {
            const ev: MomentEvent = { kind: 'like', moment_id: m.id, user: await actor(me, r), createTime: now };
            await events.toUsers(to, 'moments', ev);
          });
        },
        deps.log,
      );
      return likesView(me, m, r);
    },

    async unlike(me: UserRow, id: number, r: RequestView): Promise<MomentLikes> {
      const m = await visiblePost(me, id);
      await withTx(db, (tx) => repo.deleteLike(tx, m.id, me.id), deps.log);
      return likesView(me, m, r);
    },

    async comment(me: UserRow, id: number, content: string, replyTo: number, r: RequestView): Promise<MomentComment> {
      const n = chars(content);
      if (n < 1 || n > momentLimits.comment) throw badParam('content');
      const m = await visiblePost(me, id);
      if (replyTo < 0) throw badParam('reply_user_id');
      if (replyTo > 0) {
        const target = await users.get(replyTo);
        // §9: the one I answer must be able to see the post too.
        if (!users.isLive(target) || !(await canSee(replyTo, m))) throw badParam('reply_user_id');
      }
      const now = clock.now();
      const row = await withTx(
        db,
        async (tx, onCommit) => {
          const c = await repo.insertComment(tx, {
            moment_id: m.id,
            user_id: me.id,
            reply_user_id: replyTo,
            content,
            create_time_ms: now,
          });
          const to = commentRecipients(me.id, m.user_id, replyTo);
          await repo.insertNotices(
            tx,
            to.map((u) => ({
              user_id: u,
              kind: u === replyTo ? 'reply' : 'comment',
              moment_id: m.id,
              from_user: me.id,
              comment_id: c.id,
              content,
              create_time_ms: now,
            })),
          );
          onCommit(async () => {
            const people = await peopleOf([me.id, replyTo].filter((x) => x > 0));
            const comment = commentOf(c, {
              viewerId: me.id,
              origin: r.origin,
              people,
              remarks: new Map(),
              files: new Map(),
            });
            const ev: MomentEvent = {
              kind: 'comment',
              moment_id: m.id,
              user: await actor(me, r),
              comment,
              createTime: now,
            };
            await events.toUsers(to, 'moments', ev);
          });
          return c;
        },
        deps.log,
      );
      const people = await peopleOf([me.id, replyTo].filter((x) => x > 0));
      const remarks = await contacts.remarksOf(me.id, replyTo > 0 ? [replyTo] : []);
      return commentOf(row, { viewerId: me.id, origin: r.origin, people, remarks, files: new Map() });
    },

    async delComment(me: UserRow, id: number): Promise<void> {
      const c = await repo.findComment(db, id);
      const m = c && (await repo.findMoment(db, c.moment_id));
      if (!c || !m) throw new AppError(400, 'common.notFound');
      if (c.user_id !== me.id && m.user_id !== me.id) throw new AppError(400, 'common.noPermission');
      await withTx(db, (tx) => repo.deleteComment(tx, id), deps.log);
    },

    async notices(me: UserRow, page: number, limit: number, r: RequestView) {
      const p = Math.max(page, 1);
      const size = limit > 0 ? Math.min(limit, 100) : 20;
      const { rows, count } = await repo.noticesPage(db, me.id, p, size);
      const posts = await repo.momentsByIds(
        db,
        rows.map((n) => n.moment_id),
      );
      const byId = new Map(posts.map((m) => [m.id, m]));
      const fileIds = posts.flatMap((m) => [parseImageIds(m.images)[0] ?? 0, m.video_id]).filter((x) => x > 0);
      const personIds = rows.map((n) => n.from_user);
      const [people, remarks, fileRows] = await Promise.all([
        peopleOf(personIds),
        contacts.remarksOf(me.id, [...new Set(personIds)]),
        files.byIds(fileIds),
      ]);
      const c: PresentContext = { viewerId: me.id, origin: r.origin, people, remarks, files: fileRows };
      const data: MomentNotice[] = rows.map((n) => noticeOf(n, byId.get(n.moment_id), c));
      // Reading the list marks everything up to its newest notice read (the badge clears).
      const newest = p === 1 ? rows[0]?.id : undefined;
      if (newest !== undefined) await repo.markNoticesRead(db, me.id, newest);
      return { data, count, page: p };
    },

    async unread(me: UserRow, r: RequestView): Promise<MomentsUnread> {
      const circle = await circleOf(me);
      const [count, seen] = await Promise.all([repo.unreadNotices(db, me.id), repo.seenId(db, me.id)]);
      const newest = circle.size > 0 ? await repo.newestVisibleAbove(db, { others: [...circle] }, seen) : undefined;
      if (!newest) return { count, newPost: null };
      const author = summaryOf(newest.user_id, {
        people: await peopleOf([newest.user_id]),
        remarks: new Map(),
        origin: r.origin,
      });
      return { count, newPost: { user_id: newest.user_id, avatar: author.avatar } };
    },
  };
}
export type Moments = ReturnType<typeof createMoments>;
