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
  /** The directory `/storage/` is served from, when blobs are local files. */
  localDir?: string;
}

export function diskBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const resolve = (relativePath: string) => {
    const clean = relativePath.replace(/^\/+/, '').replace(/^storage\//, '');
    const target = path.resolve(root, clean);
    if (clean.split('/').includes('..') || !target.startsWith(`${root}${path.sep}`)) throw new Error(`Bad blob path ${relativePath}`);
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
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, target);
      return `/storage/${clean}`;
    },
  };
}
