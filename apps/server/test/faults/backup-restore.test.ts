import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Api } from '../helpers/api';
import { testDbKind } from '../helpers/server';
import { upload } from '../helpers/upload';
import { printedCommand, runCli } from './cli';
import { chatIdCounts, freshPgDatabase, startProcess, type ServerProcess } from './process';

/**
 * Backups (issue 35, docs/deployment.md): `npm run backup` archives a running installation under
 * a light write load without stopping it, and `npm run restore` puts it into an empty data
 * directory, where a server finds every message acknowledged before the backup began (and none
 * that was never sent) and every stored file, byte for byte. On PostgreSQL the database goes
 * through the pg_dump and pg_restore steps the commands print, run as printed. A restore never
 * writes into a directory that holds anything.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-backup-test-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  fs.rmSync(root, { recursive: true, force: true });
});
const pg = testDbKind() === 'postgres';

async function signIn(api: Api, account: string) {
  const who = { account, realname: account, password: 'backup-pass1' };
  await api.post('/common/pub/register', who);
  const login = await api.post('/common/pub/login', who);
  expect(login.body.code, login.body.msg).toBe(0);
  return login.body.data.authToken as string;
}

/** Every file of my file list, by name: its bytes as the server serves them now. */
async function storedFiles(s: ServerProcess, token: string): Promise<Map<string, string>> {
  const list = await s.api.post('/enterprise/files/index', { limit: 100 }, { token });
  const out = new Map<string, string>();
  for (const f of list.body.data as Array<{ name: string; src: string }>) {
    const res = await fetch(new URL(new URL(f.src).pathname, s.url), { headers: { authorization: token } });
    expect(res.status, f.name).toBe(200);
    out.set(f.name, Buffer.from(await res.arrayBuffer()).toString('base64'));
  }
  return out;
}

describe('backup and restore', () => {
  it('archives a running installation under load and restores it into an empty directory', async () => {
    const dataDir = path.join(root, 'live');
    const db = pg ? await freshPgDatabase() : {};
    const live = await startProcess({ PARLEY_DATA_DIR: dataDir, ...db });
    servers.push(live);
    const token = await signIn(live.api, 'backupper');

    const acked = new Set<string>();
    const send = async () => {
      const id = randomUUID();
      const r = await live.api.post(
        '/enterprise/im/sendMessage',
        { id, type: 'text', content: `m ${id}`, toContactId: -1 },
        { token },
      );
      expect(r.body.code, r.body.msg).toBe(0);
      acked.add(id);
    };
    for (let i = 0; i < 30; i++) await send();
    for (const [name, bytes] of [
      ['notes.zip', randomBytes(200 * 1024)],
      ['plan.txt', Buffer.from('第一步 step one\n')],
    ] as const) {
      const r = await upload(live.url, '/common/upload/uploadFile', {
        token,
        file: { name, bytes },
        fields: { message: JSON.stringify({ id: randomUUID(), type: 'file', toContactId: -1 }) },
      });
      expect(r.body.code, r.body.msg).toBe(0);
    }
    const before = new Set((await chatIdCounts(live.api, token, -1)).keys());
    const files = await storedFiles(live, token);
    expect(files.size).toBe(2);

    // A light, steady write load the whole time the backup runs.
    let loading = true;
    const load = (async () => {
      while (loading) await send();
    })();
    const archive = path.join(root, 'parley.tar.gz');
    const env = { PARLEY_DATA_DIR: dataDir, PORT: new URL(live.url).port, ...db };
    const made = await runCli('backup', archive, env);
    loading = false;
    await load;
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(pg ? /Backup written to .*: 2 stored files\./ : /copied online by the running server/);

    const restoredDir = path.join(root, 'restored');
    const restoredDb = pg ? await freshPgDatabase() : {};
    if (pg) {
      // The printed steps, run as printed: pg_dump of the live database, pg_restore into a new one.
      execFileSync('bash', ['-c', printedCommand(made.stdout, 'pg_dump')], { env: { ...process.env, ...db } });
    }
    const put = await runCli('restore', archive, { PARLEY_DATA_DIR: restoredDir, ...restoredDb });
    expect(put.code, put.stderr).toBe(0);
    expect(put.stdout).toContain(`Restored into ${restoredDir}`);
    if (pg)
      execFileSync('bash', ['-c', printedCommand(put.stdout, 'pg_restore')], {
        env: { ...process.env, ...restoredDb },
      });

    const again = await startProcess({ PARLEY_DATA_DIR: restoredDir, ...restoredDb });
    servers.push(again);
    const seen = await chatIdCounts(again.api, token, -1);
    for (const id of before) expect(seen.get(id), `stored before the backup: ${id}`).toBe(1);
    for (const id of seen.keys()) expect(acked.has(id) || before.has(id), `never sent: ${id}`).toBe(true);
    expect(await storedFiles(again, token)).toEqual(files);
  }, 240_000);

  it('refuses to restore into a directory that holds anything, and says why', async () => {
    // The directory is looked at before the archive: any file does for the refusal.
    const archive = path.join(root, 'not-a-backup.tar.gz');
    fs.writeFileSync(archive, 'hello');
    const full = path.join(root, 'occupied');
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, 'parley.sqlite'), 'an installation of its own');
    const env = { PARLEY_DATA_DIR: full, ...(pg ? await freshPgDatabase() : {}) };

    const en = await runCli('restore', archive, env);
    expect(en.code).toBe(1);
    expect(en.stderr).toContain(`PARLEY_DATA_DIR (${full}) is not empty (it holds parley.sqlite)`);
    const zh = await runCli('restore', archive, { ...env, LANG: 'zh_CN.UTF-8' });
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain(`PARLEY_DATA_DIR（${full}）不是空目录`);
    expect(fs.readdirSync(full)).toEqual(['parley.sqlite']);
    expect(fs.readFileSync(path.join(full, 'parley.sqlite'), 'utf8')).toBe('an installation of its own');

    const bad = await runCli('restore', archive, { ...env, PARLEY_DATA_DIR: path.join(root, 'empty') });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not a Parley backup');
  }, 60_000);
});
