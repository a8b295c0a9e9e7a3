import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/disk';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { nowSeconds } from '../../platform/clock';
import { renderCollage, type Tile } from './collage';
import * as repo from './groups.repo';

/**
 * Re-renders a group's avatar from its first 9 members after membership changes. Runs after the
 * reply (never on the request path); several changes in a row collapse into one more render.
 * A failure is logged and leaves the previous avatar.
 */
export function createGroupAvatars(deps: {
  db: Kysely<DB>;
  clock: Clock;
  blobs: BlobStore;
  log: (err: unknown) => void;
}) {
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();

  async function tileOf(m: { user_id: number; realname: string; avatar: string }): Promise<Tile> {
    // Only our own stored pictures are read; default and remote avatars become an initial.
    const bytes = m.avatar.startsWith('/storage/') ? await deps.blobs.get(m.avatar) : undefined;
    return bytes ? { image: bytes } : { initial: m.realname || '?', seed: m.user_id };
  }

  async function render(groupId: number): Promise<void> {
    const members = await repo.membersWithUsers(deps.db, groupId, 0, 9);
    if (members.length === 0) return;
    const png = await renderCollage(await Promise.all(members.map(tileOf)));
    const hash = createHash('sha256').update(png).digest('hex').slice(0, 16);
    const stored = await deps.blobs.put(`group-avatar/${groupId}-${hash}.png`, png);
    // The group may have been disbanded meanwhile: the update then touches no row.
    await repo.updateGroup(deps.db, groupId, { avatar: stored }, nowSeconds(deps.clock));
  }

  function refresh(groupId: number): void {
    if (running.has(groupId)) {
      again.add(groupId);
      return;
    }
    const job = (async () => {
      do {
        again.delete(groupId);
        await render(groupId).catch(deps.log);
      } while (again.has(groupId));
    })().finally(() => running.delete(groupId));
    running.set(groupId, job);
  }

  return {
    refresh,
    /** Resolves when no render is pending (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
  };
}
export type GroupAvatars = ReturnType<typeof createGroupAvatars>;
