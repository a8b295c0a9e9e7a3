import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/server';
import { makeImage, upload } from '../helpers/upload';
import { chatIdCounts, freshPgDatabase, startProcess, type ServerProcess } from './process';
import { mountSmallDisk, type SmallDisk } from './tmpfs';

/**
 * Fault test (issue 19): a real full disk. The server's data directory is a small tmpfs, filled
 * to the last page. Sends and uploads answer the protocol's error envelope (a translated 502
 * saying the server's storage is full, naming only a request id: no stack, no SQL, no path) and never hang; reads keep working;
 * nothing acknowledged is lost and a failed upload leaves nothing behind; once space returns,
 * sends and uploads work again without a restart, and resending a failed message stores it once.
 * On SQLite the database itself is on that disk. On PostgreSQL only the file store is (the
 * database server's disk is not ours to fill), so there chat must keep working meanwhile.
 */

let disk: SmallDisk | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  disk?.unmount();
});

interface Who {
  id: number;
  token: string;
}

/** Fails with a clear message instead of letting a hung request run into the test timeout. */
async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every file under `dir` (relative), to see what a failed upload left behind. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/** common.storageFull: what the user can act on (tell an administrator), with the request id. */
const storageFull = {
  en: /^The server is out of storage space, please contact your administrator \([^)\s]+\)$/,
  zh: /^服务器存储空间已满，请联系管理员（[^）\s]+）$/,
};

describe('a full disk', () => {
  it('refuses sends with an error, keeps reads and every acknowledged message, and recovers without a restart', async () => {
    disk = mountSmallDisk(24);
    const sqlite = testDbKind() === 'sqlite';
    const s = await startProcess({ PARLEY_DATA_DIR: disk.dir, ...(sqlite ? {} : await freshPgDatabase()) });
    server = s;
    const storage = path.join(disk.dir, 'storage');

    const person = async (account: string): Promise<Who> => {
      const who = { account, realname: account, password: 'full-pass1' };
      const reg = await s.api.post('/common/pub/register', who);
      expect(reg.body.code, reg.body.msg).toBe(0);
      const login = await s.api.post('/common/pub/login', who);
      return { id: reg.body.data.user_id as number, token: login.body.data.authToken as string };
    };
    const admin = await person('fulladmin');
    expect(
      (await s.api.post('/manage/config/setConfig', { name: 'sysInfo', value: { runMode: 1 } }, { token: admin.token }))
        .body.code,
    ).toBe(0);
    const ann = await person('annfull');
    const ben = await person('benfull');

    /** The server's log line of the fault a 502 `msg` names by its request id ('' if none). */
    const loggedCause = (msg: string): string => {
      const id = /[(（]([^)）\s]+)[)）]$/.exec(msg)?.[1];
      if (!id) return '';
      return (
        s
          .output()
          .split('\n')
          .find((line) => line.includes(`"reqId":"${id}"`)) ?? ''
      );
    };

    const acked = new Set<string>();
    const failed = new Set<string>();
    /** One send; the answer is recorded as acknowledged or failed, and returned. */
    const send = async (lang = 'en', id: string = randomUUID()) => {
      const r = await within(
        10_000,
        'sendMessage on a full disk',
        s.api.post(
          '/enterprise/im/sendMessage',
          { id, type: 'text', content: `${id} ${randomBytes(900).toString('hex')}`, toContactId: ben.id },
          { token: ann.token, lang },
        ),
      );
      if (r.body.code === 0) {
        acked.add(id);
        failed.delete(id);
      } else failed.add(id);
      return r.body;
    };
    const photo = await makeImage(640, 480);
    /** A file, or a photo (stored with a thumbnail, written by the server itself). */
    const sendFile = (kind: 'file' | 'photo' = 'file') =>
      within(
        10_000,
        'uploadFile on a full disk',
        upload(s.url, '/common/upload/uploadFile', {
          token: ann.token,
          lang: 'en',
          file:
            kind === 'file'
              ? { name: 'notes.zip', bytes: randomBytes(256 * 1024) }
              : { name: 'photo.png', bytes: photo },
        }),
      );

    for (let i = 0; i < 20; i++) expect((await send()).code).toBe(0);
    expect((await sendFile()).body.code).toBe(0);
    expect((await sendFile('photo')).body.code).toBe(0);
    const storedBefore = filesUnder(storage);

    const filled = disk.fill();
    expect(filled).toBeGreaterThan(0);
    expect(disk.freeBytes()).toBeLessThan(4096);

    // Uploads are refused with the error envelope, and leave no partial file on the disk.
    for (const kind of ['file', 'photo'] as const) {
      const refused = await sendFile(kind);
      expect(refused.body, kind).toMatchObject({ code: 502, data: '' });
      expect(refused.body.msg).toMatch(storageFull.en);
      expect(filesUnder(storage), kind).toEqual(storedBefore);
      // The cause is in the server's log under the request id the user was shown.
      await expect.poll(() => loggedCause(refused.body.msg), { timeout: 5000 }).toMatch(/ENOSPC/);
    }

    if (sqlite) {
      // SQLite reuses its WAL's pages for a while; sends fail once it must grow. Four senders
      // get there sooner; each stops at the first failure.
      let firstFailure: { code: number; msg: string; data: unknown } | undefined;
      let sent = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (!firstFailure && sent < 4000) {
            sent++;
            const r = await send();
            if (r.code !== 0) firstFailure ??= r;
          }
        }),
      );
      expect(firstFailure, `no send failed after ${sent} sends on a full disk`).toBeDefined();
      console.info(`disk full: the first send failed after ${sent} sends`);
      expect(firstFailure).toMatchObject({ code: 502, data: '' });
      expect(firstFailure?.msg).toMatch(storageFull.en);
      await expect.poll(() => loggedCause(firstFailure?.msg ?? ''), { timeout: 5000 }).toMatch(/SQLITE_FULL|ENOSPC/);
      // And keeps failing, in either language, while the disk stays full. Not every send: a
      // failed write gives back the WAL pages it had claimed, and a rollback or checkpoint can
      // leave room for the odd small one (CI saw a send succeed right after the first failure).
      // What succeeds is acknowledged and checked below like the rest; what fails says why.
      for (const [lang, wanted] of [
        ['en', 3],
        ['zh-CN', 1],
      ] as const) {
        let refused = 0;
        for (let tries = 0; refused < wanted && tries < 200; tries++) {
          const r = await send(lang);
          if (r.code === 0) {
            console.info(`disk full: a send in ${lang} succeeded after a refusal`);
            continue;
          }
          expect(r).toMatchObject({ code: 502, data: '' });
          expect(r.msg).toMatch(lang === 'en' ? storageFull.en : storageFull.zh);
          refused++;
        }
        expect(refused, `sends refused in ${lang} while the disk stays full`).toBe(wanted);
      }
    } else {
      // The database is elsewhere: a full file store does not stop chat.
      for (let i = 0; i < 20; i++) expect((await send()).code).toBe(0);
    }
    expect(s.child.exitCode).toBeNull();

    // Reading works while writing does not (issue 19 #12), and has everything acknowledged.
    const during = await within(10_000, 'getMessageList on a full disk', chatIdCounts(s.api, ben.token, ann.id));
    expect(
      [...acked].filter((id) => during.get(id) !== 1),
      'acknowledged but not listed once',
    ).toEqual([]);
    expect((await s.api.post('/enterprise/im/getContacts', {}, { token: ben.token })).body.code).toBe(0);
    const lastAcked = [...acked].at(-1);
    expect(
      (
        await s.api.post(
          '/enterprise/im/setMsgIsRead',
          { toContactId: ann.id, messages: [{ id: lastAcked }] },
          { token: ben.token },
        )
      ).body.code,
    ).toBe(0);

    // Space returns: service resumes without a restart.
    disk.free();
    await expect.poll(async () => (await send()).code, { timeout: 10_000, interval: 200 }).toBe(0);
    for (let i = 0; i < 20; i++) expect((await send()).code).toBe(0);
    expect((await sendFile()).body.code).toBe(0);
    expect((await sendFile('photo')).body.code).toBe(0);

    // Resending what failed (same ids, as a client retries) stores each once.
    const retried = [...failed];
    for (const id of retried) expect((await send('en', id)).code, `resend ${id}`).toBe(0);
    expect(failed.size).toBe(0);
    const after = await chatIdCounts(s.api, ben.token, ann.id);
    expect(
      [...acked].filter((id) => after.get(id) !== 1),
      'acknowledged but not listed once',
    ).toEqual([]);
    expect(after.size).toBe(acked.size);
    expect(s.child.exitCode).toBeNull();
  }, 120_000);
});
