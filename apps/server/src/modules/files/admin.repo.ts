import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { FileRow } from './files.repo';

/** The admin console's file queries: the dashboard count and the purge's unused files. */

export async function countFiles(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Of `ids`, the files nothing uses any more: no message names them, no sticker, and their bytes
 * are nobody's avatar (an uploaded avatar is a file too).
 */
export async function unusedFiles(db: Kysely<DB>, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files as f')
    .selectAll('f')
    .where('f.id', 'in', [...new Set(ids)])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('messages as m').select('m.msg_id').whereRef('m.file_id', '=', 'f.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('stickers as s').select('s.id').whereRef('s.file_id', '=', 'f.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as u')
            .select('u.id')
            .where((w) => w.or([w('u.avatar', '=', w.ref('f.path')), w('u.avatar', '=', w.ref('f.thumb_path'))])),
        ),
      ),
    )
    .execute();
}

export async function deleteFiles(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('files').where('id', 'in', ids).execute();
}
