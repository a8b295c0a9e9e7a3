import { randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface BackupRouteOptions {
  /** The secret written to the data directory at start (platform/backup/token.ts). */
  token: string;
  /** A consistent copy of the database at `dest` (platform/db: SQLite's online backup API). */
  snapshot(dest: string): Promise<void>;
  /** Where the copy is written before it is sent: the data directory (same disk, no /tmp limits). */
  workDir: string;
}

const TEXT = 'text/plain; charset=utf-8';
const PART_PREFIX = 'backup-';
const PART_SUFFIX = '.sqlite.part';

/** Removes the copy `name` (with any -wal/-shm SQLite left beside it), or every copy when no name. */
function removeParts(dir: string, name?: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const e of entries) {
    const base = e.replace(/-(wal|shm|journal)$/, '');
    if (name ? base === name : base.startsWith(PART_PREFIX) && base.endsWith(PART_SUFFIX))
      fs.rmSync(path.join(dir, e), { force: true });
  }
}

/**
 * Same host, not through a proxy: the peer is loopback or this very address (a node listening on
 * one LAN address is reached from its own host at that address), and no proxy header.
 */
const fromThisHost = (req: FastifyRequest) => {
  const peer = req.socket.remoteAddress ?? '';
  const local = req.socket.localAddress;
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return (loopback || peer === local) && req.headers['x-forwarded-for'] === undefined;
};

function hasToken(req: FastifyRequest, token: string): boolean {
  const given = Buffer.from((req.headers.authorization ?? '').replace(/^bearer\s+/i, ''));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /backup/database` (SQLite installations; docs/deployment.md, backups): the database as one
 * consistent file, taken while the node serves. The server holds its file with an EXCLUSIVE lock
 * (platform/db: a third of a point read's cost), so `npm run backup` cannot read it itself and
 * asks here, with the token from the data directory. The copy is written next to the database,
 * streamed, and removed however the transfer ends.
 */
export function registerBackupRoute(app: FastifyInstance, opts: BackupRouteOptions): void {
  removeParts(opts.workDir); // a copy left by a server that stopped mid-backup
  app.get('/backup/database', async (req, reply) => {
    if (!fromThisHost(req) || !hasToken(req, opts.token)) return reply.code(403).type(TEXT).send('forbidden');
    const dest = path.join(opts.workDir, `${PART_PREFIX}${randomUUID()}${PART_SUFFIX}`);
    const removeCopy = () => removeParts(opts.workDir, path.basename(dest));
    try {
      await opts.snapshot(dest);
    } catch (err) {
      removeCopy();
      req.log.error({ err }, 'backup: database copy failed');
      return reply
        .code(500)
        .type(TEXT)
        .send(`backup failed: ${(err as Error).message}`);
    }
    const stream = fs.createReadStream(dest);
    stream.once('close', removeCopy);
    req.log.info({ bytes: fs.statSync(dest).size }, 'backup: database copy sent');
    return reply.type('application/vnd.sqlite3').header('content-length', fs.statSync(dest).size).send(stream);
  });
}
