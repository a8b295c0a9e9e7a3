import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import type { FileRow } from './file-message';

/**
 * The files module's reads of uploads (its `uploadReadsRepo`) that sending needs: the upload a
 * file message names, and the upload behind a sticker path. Files imports messages, so messages
 * receives them from createServices (app.ts) instead of importing them.
 */
export interface FileReads {
  findFile(db: Kysely<DB>, id: number): Promise<FileRow | undefined>;
  findFileByPath(db: Kysely<DB>, path: string): Promise<FileRow | undefined>;
}
