import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files made or received by the server live (ARCHITECTURE: the "blobs" seam). The disk
 * store keeps them under `<PARLEY_DATA_DIR>/storage`, served read-only at `/storage/…`; an
 * S3-compatible store can replace it later behind the same interface.
 */
export interface BlobStore {
  /** Stores `bytes` at `relativePath` (forward slashes, no `..`); returns its public path `/storage/…`. */
  put(relativePath: string, bytes: Uint8Array): Promise<string>;
  /** The bytes at `relativePath` (as given to put, or a `/storage/…` path); undefined when absent. */
  get(relativePath: string): Promise<Uint8Array | undefined>;
  /**
   * Moves the local file `localFile` (an upload streamed to a temp file) to `relativePath`;
   * returns its public path. The temp file is gone afterwards.
   */
  putFile(relativePath: string, localFile: string): Promise<string>;
  /** Removes the bytes at `relativePath` (or `/storage/…`); absent is not an error. */
  delete(relativePath: string): Promise<void>;
  /** The directory `/storage/` is served from, when blobs are local files. */
  localDir?: string;
}

/**
 * Runs `write` (which fills `tmp`, then renames it into place); if it fails, the partial `tmp`
 * goes: on a full disk it would otherwise keep the very space the next upload needs, for good.
 */
async function written(tmp: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

export function diskBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const resolve = (relativePath: string) => {
    const clean = relativePath.replace(/^\/+/, '').replace(/^storage\//, '');
    const target = path.resolve(root, clean);
    if (clean.split('/').includes('..') || !target.startsWith(`${root}${path.sep}`))
      throw new Error(`Bad blob path ${relativePath}`);
    return { clean, target };
  };
  return {
    localDir: root,
    async get(relativePath) {
      try {
        return await fs.readFile(resolve(relativePath).target);
      } catch {
        return undefined;
      }
    },
    async put(relativePath, bytes) {
      const { clean, target } = resolve(relativePath);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${target}.${randomUUID()}.tmp`;
      await written(tmp, async () => {
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, target);
      });
      return `/storage/${clean}`;
    },
    async putFile(relativePath, localFile) {
      const { clean, target } = resolve(relativePath);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(localFile, target);
      } catch (err) {
        // The temp dir may sit on another file system: copy under a temp name, then rename.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const tmp = `${target}.${randomUUID()}.tmp`;
        await written(tmp, async () => {
          await fs.copyFile(localFile, tmp);
          await fs.rename(tmp, target);
        });
        await fs.rm(localFile, { force: true });
      }
      return `/storage/${clean}`;
    },
    async delete(relativePath) {
      await fs.rm(resolve(relativePath).target, { force: true });
    },
  };
}
