import { createServer, type Server } from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, listensOn, startProcess } from './process';

/**
 * The fault tests' server starter must never mistake another server on its port for its own
 * child: a stranger that took the port would answer the health check, and a test would then
 * register, crash and restart against the wrong process (a flake seen once in CI).
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-port-'));
const stranger: Server = createServer((_req, res) => res.end('{"code":0}'));
afterAll(async () => {
  await new Promise((r) => stranger.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('startProcess on a taken port', () => {
  it('tells its own listening socket from another process’s', async () => {
    const port = await freePort();
    await new Promise<void>((r) => stranger.listen(port, '127.0.0.1', r));
    expect(listensOn(process.pid, port)).toBe(true);
    expect(listensOn(process.ppid, port)).toBe(false);
  });

  it('fails instead of returning the stranger that answers on the port it was given', async () => {
    const port = (stranger.address() as { port: number }).port;
    await expect(startProcess({ PARLEY_DATA_DIR: dataDir }, port)).rejects.toThrow(/exited early/);
  }, 90_000);
});
