import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/server';
import { chatIdCounts, freshPgDatabase, startProcess, type ServerProcess } from './process';

/**
 * Fault test (issue 19): kill -9 the server mid-load. After a restart on the same data, every
 * message the server acknowledged is there exactly once, and resending the ones whose answer
 * was cut never doubles them. On the PostgreSQL run the same server runs on a fresh database.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-fault-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function env(): Promise<Record<string, string>> {
  if (testDbKind() === 'sqlite') return { PARLEY_DATA_DIR: dataDir };
  return { PARLEY_DATA_DIR: dataDir, ...(await freshPgDatabase()) };
}

describe('kill -9 mid-load', () => {
  it('keeps every acknowledged message exactly once after a restart', async () => {
    const e = await env();
    const first = await startProcess(e);
    server = first;
    const who = { account: 'loadman', realname: 'Load', password: 'load-pass1' };
    expect((await first.api.post('/common/pub/register', who)).body.code).toBe(0);
    const token = (await first.api.post('/common/pub/login', who)).body.data.authToken as string;

    const acked = new Set<string>();
    const cut = new Set<string>();
    let stop = false;
    const sender = async () => {
      while (!stop) {
        const id = randomUUID();
        try {
          const r = await first.api.post(
            '/enterprise/im/sendMessage',
            { id, type: 'text', content: `m ${id}`, toContactId: -1 },
            { token },
          );
          if (r.body.code === 0) acked.add(id);
          else cut.add(id);
        } catch {
          cut.add(id); // the answer never came: unknown whether it was stored
        }
      }
    };
    const senders = Array.from({ length: 8 }, sender);
    while (acked.size < 300) await new Promise((r) => setTimeout(r, 20));
    await first.crash();
    stop = true;
    await Promise.all(senders);

    server = await startProcess(e);
    // Resending a cut request is idempotent: it never doubles a stored row.
    for (const id of cut) {
      const r = await server.api.post(
        '/enterprise/im/sendMessage',
        { id, type: 'text', content: `m ${id}`, toContactId: -1 },
        { token },
      );
      expect(r.body.code, r.body.msg).toBe(0);
    }
    const seen = await chatIdCounts(server.api, token, -1);
    for (const id of acked) expect(seen.get(id), `acknowledged ${id}`).toBe(1);
    for (const id of cut) expect(seen.get(id), `resent ${id}`).toBe(1);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(seen.size).toBe(acked.size + cut.size);
  }, 120_000);
});
