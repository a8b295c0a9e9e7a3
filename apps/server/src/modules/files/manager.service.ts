import { isAdmin, limits, type FileManagerRow, type FilesIndexParams } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { AppError, checkKeywords } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import { fileMessagesRepo } from '../messages/index';
import type { UserRow, UsersService } from '../users/index';
import * as repo from './files.repo';
import { messageFileRow, storedFileRow } from './present';

/** The file manager, `/enterprise/files/index` (PROTOCOL §4.7; scope decisions in protocol files.ts). */
export function createFileManager(deps: {
  db: Kysely<DB>;
  config: Pick<ConfigService, 'systemInfo'>;
  users: UsersService;
}) {
  const { db, config, users } = deps;

  async function usersOf(ids: number[]): Promise<Map<number, UserRow>> {
    const unique = [...new Set(ids)];
    const rows = await Promise.all(unique.map((id) => users.get(id)));
    return new Map(rows.filter((u): u is UserRow => !!u).map((u) => [u.id, u]));
  }

  return {
    async list(
      me: UserRow,
      p: FilesIndexParams,
      r: RequestView,
    ): Promise<{ rows: FileManagerRow[]; count: number; page: number }> {
      if (p.is_all === 1 && !isAdmin(me)) throw new AppError(400, 'auth.notAdmin');
      checkKeywords(p.keywords);
      const page = Math.max(p.page, 1);
      const limit = Math.min(Math.max(p.limit, 1), limits.pageSizeMax);
      const filter = {
        userId: me.id,
        role: p.role,
        cate: p.cate,
        keywords: p.keywords,
        limit,
        offset: (page - 1) * limit,
      };
      const { fileUpload } = await config.systemInfo();
      if (p.is_all === 1) {
        const { rows, count } = await repo.allFiles(db, filter);
        const c = {
          origin: r.origin,
          previewPrefix: fileUpload.preview,
          users: await usersOf(rows.map((f) => f.user_id)),
        };
        return { rows: rows.map((f) => storedFileRow(f, c)), count, page };
      }
      const { rows, count } = await fileMessagesRepo.fileMessages(db, filter);
      const c = {
        origin: r.origin,
        previewPrefix: fileUpload.preview,
        users: await usersOf(rows.map((m) => m.from_user)),
      };
      return { rows: rows.map((m) => messageFileRow(m, c)), count, page };
    },
  };
}
export type FileManager = ReturnType<typeof createFileManager>;
