import { FileCate, limits, type Sticker } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock';
import { withTx, type DB } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import { fileMessagesRepo } from '../messages/index';
import type { UserRow } from '../users/index';
import * as repo from './files.repo';
import type { FileRow } from './files.repo';
import { toSticker } from './present';

/**
 * Stickers (PROTOCOL §8). Order = `sort` desc; add and move put a sticker at the front by giving
 * it the user's highest sort + 1. Deleting a sticker keeps the file: messages may still show it.
 */
export function createStickers(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  const now = () => Math.floor(clock.now() / 1000);

  async function assertRoom(userId: number): Promise<void> {
    if ((await repo.stickerCount(db, userId)) >= limits.stickersPerUser) throw new AppError(400, 'emoji.limit');
  }

  /** Adds `file` to my stickers, or moves it to the front when it is already there. */
  async function put(me: UserRow, file: FileRow): Promise<void> {
    await withTx(db, async (tx) => {
      const front = (await repo.maxStickerSort(tx, me.id)) + 1;
      const existing = await repo.findSticker(tx, me.id, file.id);
      if (existing) return repo.setStickerSort(tx, me.id, existing.id, front, now());
      if ((await repo.stickerCount(tx, me.id)) >= limits.stickersPerUser) throw new AppError(400, 'emoji.limit');
      await repo.insertSticker(tx, {
        user_id: me.id,
        file_id: file.id,
        name: file.name.replace(/\.[^.]*$/, ''),
        sort: front,
        update_time: now(),
      });
    });
  }

  return {
    assertRoom,
    /** A freshly uploaded sticker image (uploadEmoji). */
    addOwn: put,

    async list(me: UserRow, origin: string): Promise<{ rows: Sticker[]; count: number }> {
      const rows = (await repo.stickersOf(db, me.id)).map((s) => toSticker(s, origin));
      return { rows, count: rows.length };
    },

    /** `add`: an image I uploaded or can see in a message. */
    async add(me: UserRow, fileId: number): Promise<void> {
      const file = await repo.findFile(db, fileId);
      const visible =
        file && (file.user_id === me.id || (await fileMessagesRepo.fileInVisibleMessage(db, me.id, file.id)));
      if (!file || !visible || file.cate !== FileCate.image) throw badParam('file_id');
      await put(me, file);
    },

    async del(me: UserRow, ids: number[]): Promise<void> {
      await repo.deleteStickers(db, me.id, ids);
    },

    /** `move`: the given stickers to the front, the first named first. */
    async move(me: UserRow, ids: number[]): Promise<void> {
      await withTx(db, async (tx) => {
        const top = await repo.maxStickerSort(tx, me.id);
        const unique = [...new Set(ids)];
        for (const [i, id] of unique.entries())
          await repo.setStickerSort(tx, me.id, id, top + unique.length - i, now());
      });
    },
  };
}
export type Stickers = ReturnType<typeof createStickers>;
