import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/disk';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import type { ConfigService } from '../config/index';
import type { Messages } from '../messages/index';
import type { UsersService } from '../users/index';
import * as adminRepo from './admin.repo';
import { filesByIds, findByToken, findFile, findFileByPath, type FileRow } from './files.repo';
import { createFileManager } from './manager.service';
import { createStickers } from './stickers.service';
import { createUploads } from './uploads.service';

/** Files (PROTOCOL §5 uploads, §4.7 file manager, §8 stickers, §14 `/filedown`). */
export { filesRoutes } from './files.routes';
export type { FileRow } from './files.repo';
/** The uploads a message may name, handed to messages by createServices (messages' FileReads; files imports messages). */
export const uploadReadsRepo = { findFile, findFileByPath };

export function createFiles(deps: {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'systemInfo'>;
  users: UsersService;
  messages: Messages;
  blobs: BlobStore;
}) {
  const stickers = createStickers(deps);
  return {
    stickers,
    uploads: createUploads({ ...deps, stickers }),
    manager: createFileManager(deps),
    /** Upload rows by id (any owner; callers check `user_id` and `cate`), for moments' media. */
    async byIds(ids: number[]): Promise<Map<number, FileRow>> {
      const rows = await filesByIds(deps.db, [...new Set(ids)]);
      return new Map(rows.map((f) => [f.id, f]));
    },
    /** Dashboard count (§12.3 index/index). */
    count: () => adminRepo.countFiles(deps.db),
    /**
     * After messages were purged: removes those of `fileIds` nothing uses any more, rows and
     * bytes. Returns how many went.
     */
    async dropUnused(fileIds: number[]): Promise<number> {
      const unused = await adminRepo.unusedFiles(deps.db, fileIds);
      await adminRepo.deleteFiles(
        deps.db,
        unused.map((f) => f.id),
      );
      for (const f of unused) {
        await deps.blobs.delete(f.path).catch(() => undefined);
        if (f.thumb_path) await deps.blobs.delete(f.thumb_path).catch(() => undefined);
      }
      return unused.length;
    },
    /** `/filedown/<token>` (§14): the stored path and original name, or undefined. */
    async download(token: string): Promise<{ path: string; name: string } | undefined> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return undefined;
      const f = await findByToken(deps.db, token);
      return f && { path: f.path, name: f.name };
    },
  };
}
export type Files = ReturnType<typeof createFiles>;
