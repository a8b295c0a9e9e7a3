import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import type { Api } from '../helpers/api';
import { testDbKind } from '../helpers/server';
import { freshPgDatabase, startProcess, type ServerProcess } from '../faults/process';

/**
 * Upgrades (issue 35): an installation made by the previous release (README.md here: how the
 * fixture was made, by that release's own server through its API) is opened by this one, which
 * migrates it as it starts; every account, message, file and setting is still there, and it
 * serves on: a new message is stored next to the old ones.
 */

interface Expected {
  password: string;
  people: Record<string, number>;
  group: string;
  chats: Record<'aliceBob' | 'group', Array<{ id: string; type: string; content: string; from_user: number }>>;
  files: Array<{ name: string; size: number; sha256: string; msg_id: number; src: string }>;
  sysInfo: Record<string, unknown>;
  aliceSetting: Record<string, unknown>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const pg = testDbKind() === 'postgres';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-upgrade-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Every file under `dir`, relative, sorted. */
const filesUnder = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();

async function login(api: Api, account: string, password: string) {
  const r = await api.post('/common/pub/login', { account, password }, { lang: 'en' });
  expect(r.body.code, `${account}: ${r.body.msg}`).toBe(0);
  return r.body.data as { authToken: string; userInfo: { user_id: number; setting: Record<string, unknown> } };
}

describe('an installation of the previous release', () => {
  it('is migrated when this release starts on it, with every message, file and setting', async () => {
    await tar.extract({ file: path.join(here, pg ? 'pg.tar.gz' : 'sqlite.tar.gz'), cwd: dataDir });
    const expected = JSON.parse(fs.readFileSync(path.join(dataDir, 'expected.json'), 'utf8')) as Expected;
    fs.rmSync(path.join(dataDir, 'expected.json'));
    const env: Record<string, string> = { PARLEY_DATA_DIR: dataDir };
    if (pg) {
      Object.assign(env, await freshPgDatabase());
      const dump = path.join(dataDir, 'dump.sql');
      execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-f', dump, env.DATABASE_URL ?? ''], { stdio: 'pipe' });
      fs.rmSync(dump);
    }
    const storage = path.join(dataDir, 'storage');
    const storedBefore = new Map(filesUnder(storage).map((f) => [f, sha256(fs.readFileSync(path.join(storage, f)))]));

    const s = await startProcess(env); // migrates to this release's schema before it listens
    server = s;
    const withOrigin = (text: string) => text.replaceAll('{origin}', s.url);

    const sessions: Record<string, Awaited<ReturnType<typeof login>>> = {};
    for (const [account, id] of Object.entries(expected.people)) {
      sessions[account] = await login(s.api, account, expected.password);
      expect(sessions[account].userInfo.user_id, account).toBe(id);
    }
    const { upg_alice: alice, upg_admin: admin } = sessions as Record<
      'upg_alice' | 'upg_admin',
      Awaited<ReturnType<typeof login>>
    >;
    expect(alice.userInfo.setting).toMatchObject(expected.aliceSetting);
    const sysInfo = await s.api.post('/manage/config/getInfo', { name: 'sysInfo' }, { token: admin.authToken });
    expect(sysInfo.body.data).toMatchObject(expected.sysInfo);

    const messages = async (chat: number | string) => {
      const r = await s.api.post(
        '/enterprise/im/getMessageList',
        { toContactId: chat, limit: 100 },
        { token: alice.authToken, lang: 'en' }, // as the fixture was read: event lines are translated
      );
      expect(r.body.code, r.body.msg).toBe(0);
      return (r.body.data as Expected['chats']['group'])
        .map((m) => ({ id: m.id, type: m.type, content: m.content, from_user: m.from_user }))
        .sort((a, b) => a.id.localeCompare(b.id));
    };
    const bob = expected.people.upg_bob ?? 0;
    const withOrigins = (rows: Expected['chats']['group']) =>
      rows.map((m) => ({ ...m, content: withOrigin(m.content) }));
    expect(await messages(bob)).toEqual(withOrigins(expected.chats.aliceBob));
    expect(await messages(expected.group)).toEqual(withOrigins(expected.chats.group));

    // Files: listed as before, served byte for byte, and every stored file is still in place.
    const listed = await s.api.post('/enterprise/files/index', {}, { token: alice.authToken });
    const rows = listed.body.data as Array<{ name: string; src: string; msg_id: number }>;
    for (const f of expected.files) {
      const row = rows.find((r) => r.name === f.name);
      expect(row, f.name).toMatchObject({ msg_id: f.msg_id, src: withOrigin(f.src) });
      const res = await fetch(row?.src ?? '', { headers: { authorization: alice.authToken } });
      expect(res.status, f.name).toBe(200);
      expect(sha256(new Uint8Array(await res.arrayBuffer())), f.name).toBe(f.sha256);
    }
    expect(new Map(filesUnder(storage).map((f) => [f, sha256(fs.readFileSync(path.join(storage, f)))]))).toEqual(
      storedBefore,
    );

    // And it serves on: a new message lands after the old ones.
    const id = randomUUID();
    const sent = await s.api.post(
      '/enterprise/im/sendMessage',
      { id, type: 'text', content: 'after the upgrade', toContactId: bob },
      { token: alice.authToken },
    );
    expect(sent.body.code, sent.body.msg).toBe(0);
    expect((await messages(bob)).map((m) => m.id)).toContain(id);
  }, 120_000);
});
