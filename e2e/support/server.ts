import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for failure messages and for reading logged codes. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => done(port));
    });
  });
}

/**
 * The abuse guards (issue 19) count per address and per user; these tests seed people and
 * hundreds of messages through the API at machine speed from one address, so the guards are
 * raised here. Their own behaviour is tested in apps/server/test/abuse-guards.test.ts.
 */
const fixtureLimits = {
  PARLEY_LIMIT_REGISTRATIONS_PER_IP_HOUR: '100000',
  PARLEY_LIMIT_CODES_PER_IP_HOUR: '100000',
  PARLEY_LIMIT_CODE_MAILS_PER_HOUR: '100000',
  PARLEY_LIMIT_MESSAGES_PER_USER_SECOND: '100000',
  PARLEY_LIMIT_FRIEND_REQUESTS_PER_DAY: '100000',
  // No clock to move here: a bound address signs in and resets by code at once (bind-email.test.ts).
  PARLEY_CODE_RESEND_S: '0',
};

/**
 * Starts the real server (`npm run serve` equivalent) on a fresh SQLite data directory, serving
 * the built web client, exactly as `npm start` would after its build step: the server bundle
 * (built from the current sources by the project's global setup) and `apps/web/dist`.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PARLEY_DATA_DIR: dataDir, ...fixtureLimits, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Generous: the server starts in about a second, but a busy machine has stretched that to many.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/common/pub/getSystemInfo`, { method: 'POST' });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Do not leave a half-started server behind on a busy machine.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start in 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    output: () => log,
    // SIGTERM, as systemd stops the server. It exits on its own within its grace (PROTOCOL §20,
    // PARLEY_SHUTDOWN_GRACE_S, 10 s by default), with 0: a shutdown that hangs or fails fails the
    // test. The 5 s beyond the grace only guard against a hang; they measure nothing.
    stop: async () => {
      try {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((r) => child.once('exit', () => r()));
          child.kill('SIGTERM');
          const graceMs = Number(env.PARLEY_SHUTDOWN_GRACE_S ?? process.env.PARLEY_SHUTDOWN_GRACE_S ?? 10) * 1000;
          let guard: NodeJS.Timeout | undefined;
          const hung = await Promise.race([
            exited.then(() => false),
            new Promise<boolean>((r) => (guard = setTimeout(() => r(true), graceMs + 5000))),
          ]);
          clearTimeout(guard);
          if (hung) {
            child.kill('SIGKILL');
            await exited;
            throw new Error(`server did not exit on SIGTERM within its ${graceMs} ms grace:\n${log.slice(-4000)}`);
          }
          if (child.exitCode !== 0)
            throw new Error(`server exited with ${child.exitCode} on SIGTERM:\n${log.slice(-4000)}`);
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** A test file's end: its browser, then its server (either is missing when the start failed). */
export async function stopAll(browser: Browser | undefined, server: RunningServer | undefined): Promise<void> {
  await browser?.close();
  await server?.stop();
}
