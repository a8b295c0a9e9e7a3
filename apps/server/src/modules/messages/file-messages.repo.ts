import { ContactKind, FileRole } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { containsText } from '../../platform/db/text-match';
import { notHiddenBy } from './messages.repo';

/**
 * Which messages carry files, for the files module (which imports messages): the file manager's
 * default listing and whether a user may see a file. The `group_members` test of
 * `fileInVisibleMessage` is a subquery of its one statement (the groups module's table).
 */

/** Whether `userId` can see a live message carrying `fileId` (party, favourites or group member). */
export async function fileInVisibleMessage(db: Kysely<DB>, userId: number, fileId: number): Promise<boolean> {
  const row = await db
    .selectFrom('messages as m')
    .select('m.msg_id')
    .where('m.file_id', '=', fileId)
    .where('m.file_id', '>', 0) // lets the planners use the partial index messages_file (0007)
    .where('m.is_undo', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('m.is_group', 'in', [ContactKind.person, ContactKind.favourites]),
          eb.or([eb('m.from_user', '=', userId), eb('m.to_user', '=', userId)]),
        ]),
        eb.and([
          eb('m.is_group', '=', ContactKind.group),
          eb.exists(
            eb
              .selectFrom('group_members as g')
              .select('g.id')
              .whereRef('g.group_id', '=', 'm.to_user')
              .where('g.user_id', '=', userId),
          ),
        ]),
      ]),
    )
    .where(notHiddenBy(userId, 'm.msg_id'))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The file manager's filter (PROTOCOL §4.7). */
export interface FileMessageFilter {
  userId: number;
  role: number;
  cate: number;
  keywords: string;
  limit: number;
  offset: number;
}

/** §4.7 default scope: file messages (not voice, not recalled, not hidden by me) of my singles and favourites. */
export async function fileMessages(db: Kysely<DB>, f: FileMessageFilter) {
  let q = db
    .selectFrom('messages as m')
    .where('m.file_id', '>', 0)
    .where('m.is_undo', '=', 0)
    .where('m.type', 'in', ['image', 'video', 'file'])
    .where((eb) =>
      f.role === FileRole.sent
        ? eb.and([
            eb('m.from_user', '=', f.userId),
            eb('m.is_group', 'in', [ContactKind.person, ContactKind.favourites]),
          ])
        : f.role === FileRole.received
          ? eb.and([eb('m.to_user', '=', f.userId), eb('m.is_group', '=', ContactKind.person)])
          : eb.or([
              eb.and([
                eb('m.from_user', '=', f.userId),
                eb('m.is_group', 'in', [ContactKind.person, ContactKind.favourites]),
              ]),
              eb.and([eb('m.to_user', '=', f.userId), eb('m.is_group', '=', ContactKind.person)]),
            ]),
    )
    .where(notHiddenBy(f.userId, 'm.msg_id'));
  if (f.cate > 0) q = q.where('m.file_cate', '=', f.cate);
  if (f.keywords) q = q.where(containsText('m.file_name', f.keywords));
  const [rows, total] = await Promise.all([
    q.selectAll('m').orderBy('m.msg_id', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}
