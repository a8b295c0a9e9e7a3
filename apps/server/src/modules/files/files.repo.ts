import { FileRole } from '@parley/protocol';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { FilesTable, StickersTable } from '../../platform/db/schema-files';
import { containsText } from '../../platform/db/text-match';

/**
 * Uploads, the file manager's `is_all` listing and stickers (tables of migration 0006). What
 * messages carry a file is the messages module's (`fileMessagesRepo`).
 */

export type FileRow = Selectable<FilesTable>;
export type StickerRow = Selectable<StickersTable>;

export async function insertFile(db: Kysely<DB>, values: Insertable<FilesTable>): Promise<FileRow> {
  return db.insertInto('files').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findFile(db: Kysely<DB>, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The upload behind a `/storage/…` sticker path, if any: its file name is the file's unique
 * token, so this is one index lookup. Lets a received sticker carry its `file_id` (PROTOCOL §8 add).
 */
export async function findFileByPath(db: Kysely<DB>, path: string): Promise<FileRow | undefined> {
  const token = (path.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
  if (!path.startsWith('/storage/') || !token) return undefined;
  const file = await db.selectFrom('files').selectAll().where('token', '=', token).executeTakeFirst();
  return file && file.path === path ? file : undefined;
}

export async function filesByIds(db: Kysely<DB>, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
}

export async function findByToken(db: Kysely<DB>, token: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('token', '=', token).executeTakeFirst();
}

export async function deleteFile(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

export interface ManagerFilter {
  userId: number;
  role: number;
  cate: number;
  keywords: string;
  limit: number;
  offset: number;
}

/** §4.7 `is_all`: every stored upload. */
export async function allFiles(db: Kysely<DB>, f: ManagerFilter) {
  let q = db.selectFrom('files');
  if (f.role === FileRole.sent) q = q.where('user_id', '=', f.userId);
  if (f.role === FileRole.received) q = q.where('user_id', '<>', f.userId);
  if (f.cate > 0) q = q.where('cate', '=', f.cate);
  if (f.keywords) q = q.where(containsText('name', f.keywords));
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function stickersOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('stickers as s')
    .innerJoin('files as f', 'f.id', 's.file_id')
    .select(['s.id', 's.name', 's.file_id', 'f.path'])
    .where('s.user_id', '=', userId)
    .orderBy('s.sort', 'desc')
    .execute();
}

export async function stickerCount(db: Kysely<DB>, userId: number): Promise<number> {
  const r = await db
    .selectFrom('stickers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function findSticker(db: Kysely<DB>, userId: number, fileId: number): Promise<StickerRow | undefined> {
  return db
    .selectFrom('stickers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}

export async function maxStickerSort(db: Kysely<DB>, userId: number): Promise<number> {
  const r = await db
    .selectFrom('stickers')
    .select((eb) => eb.fn.max('sort').as('m'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

export async function insertSticker(db: Kysely<DB>, values: Insertable<StickersTable>): Promise<void> {
  await db.insertInto('stickers').values(values).execute();
}

export async function setStickerSort(
  db: Kysely<DB>,
  userId: number,
  id: number,
  sort: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('stickers')
    .set({ sort, update_time: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteStickers(db: Kysely<DB>, userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('stickers').where('user_id', '=', userId).where('id', 'in', ids).execute();
}
