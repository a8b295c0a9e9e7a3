import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { APP_VERSION } from '@parley/protocol';

/**
 * The backup archive (`npm run backup`, docs/deployment.md): one gzipped tar holding
 * - `parley-backup.json`, what it is (this manifest);
 * - `parley.sqlite`, the database of an embedded installation (none for PostgreSQL: pg_dump's);
 * - `storage/…`, every stored file (uploads, pictures, avatars) as the data directory has them.
 * The names inside are the data directory's own, so a restore is an extraction into it.
 */
export const MANIFEST = 'parley-backup.json';
export const DATABASE_ENTRY = 'parley.sqlite';
export const STORAGE_ENTRY = 'storage';

export interface Manifest {
  format: 1;
  database: 'sqlite' | 'postgres';
  /** The release that wrote it (a newer one migrates the database when it starts on it). */
  version: string;
  createdAt: string;
  storedFiles: number;
}

/** Files still being written by the server (blobs/disk.ts): not stored files yet. */
const inProgress = (p: string) => p.endsWith('.tmp');

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter(
    (e) => e.isFile() && !inProgress(e.name),
  ).length;
}

/**
 * Writes the archive to `file` (through `file.part`, renamed when complete). `workDir` is an empty
 * private directory, holding the database copy when there is one; the stored files are read in
 * place through a link, not copied first.
 */
export async function writeArchive(
  file: string,
  o: { workDir: string; dataDir: string; database: Manifest['database'] },
): Promise<Manifest> {
  const storage = path.join(o.dataDir, STORAGE_ENTRY);
  const manifest: Manifest = {
    format: 1,
    database: o.database,
    version: APP_VERSION,
    createdAt: new Date().toISOString(),
    storedFiles: countFiles(storage),
  };
  fs.writeFileSync(path.join(o.workDir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  const entries = [MANIFEST];
  if (o.database === 'sqlite') entries.push(DATABASE_ENTRY);
  if (fs.existsSync(storage)) {
    fs.symlinkSync(storage, path.join(o.workDir, STORAGE_ENTRY));
    entries.push(STORAGE_ENTRY);
  }
  const part = `${file}.part`;
  try {
    await tar.create(
      {
        gzip: true,
        file: part,
        cwd: o.workDir,
        portable: true,
        follow: true, // the link to the storage directory is packed as the directory itself
        filter: (p) => !inProgress(p),
        // A file removed while it is packed (a deleted message's upload) is left out, not fatal.
        strict: false,
      },
      entries,
    );
    fs.renameSync(part, file);
  } catch (err) {
    fs.rmSync(part, { force: true });
    throw err;
  }
  return manifest;
}

/** The archive's manifest, or undefined when `file` is not a Parley backup. */
export async function readManifest(file: string): Promise<Manifest | undefined> {
  let text = '';
  try {
    await tar.list({
      file,
      strict: true,
      filter: (p) => p === MANIFEST,
      onReadEntry: (e) => e.on('data', (b: Buffer) => (text += b.toString('utf8'))),
    });
  } catch {
    return undefined;
  }
  try {
    const m = JSON.parse(text) as Partial<Manifest>;
    if (m.format !== 1 || (m.database !== 'sqlite' && m.database !== 'postgres')) return undefined;
    return m as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * Extracts the database and stored files into `dataDir` (which must exist). tar refuses absolute
 * names and `..` on its own, so nothing lands outside it.
 */
export async function extractArchive(file: string, dataDir: string): Promise<void> {
  await tar.extract({
    file,
    cwd: dataDir,
    strict: true,
    filter: (p) => p === DATABASE_ENTRY || p === STORAGE_ENTRY || p.startsWith(`${STORAGE_ENTRY}/`),
  });
}
