import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './process';

/**
 * A Redis of the test's own on a free loopback port, with no persistence (a restart comes back
 * empty, as a Redis without AOF or RDB does), so killing it leaves the shared one at 6379 alone.
 */
export interface PrivateRedis {
  url: string;
  /** kill -9: every client's connection drops at once. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty), with these extra `redis-server` options. */
  start(options?: string[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-redis-'));
  let child: ChildProcess | undefined;
  const start = async (options: string[] = []) => {
    const args = [
      ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      ...options,
    ];
    const c = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      c.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      c.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${out}`)));
    });
  };
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    stop: async () => {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
