import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server';

/**
 * Debian's coturn (`/usr/bin/turnserver`, installed by scripts/ensure-system-deps.sh) as the
 * relay of the call tests (issue 40): loopback only, the REST scheme Parley mints credentials
 * for (`use-auth-secret` + `static-auth-secret`, PROTOCOL §10.4), no TLS, its files in a temp dir.
 */

export interface RunningCoturn {
  /** The `turn:` URL to give Parley's TURN settings. */
  url: string;
  port: number;
  secret: string;
  /** Everything turnserver printed, for failure messages. */
  output: () => string;
  /** Stops it and resolves once the process is gone and its port closed (throws otherwise). */
  stop: () => Promise<void>;
}

const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

/** A TCP port that is also free over UDP (turnserver listens on both). */
async function freeUdpTcpPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const udpFree = await new Promise<boolean>((done) => {
      const s = createSocket('udp4');
      s.once('error', () => done(false));
      s.bind(port, '127.0.0.1', () => s.close(() => done(true)));
    });
    if (udpFree) return port;
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:port now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const sock = connect({ host: '127.0.0.1', port });
    sock.once('connect', () => {
      sock.destroy();
      done(true);
    });
    sock.once('error', () => done(false));
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startCoturn(secret: string): Promise<RunningCoturn> {
  const port = await freeUdpTcpPort();
  // Relay ports: a window of the unprivileged range below the kernel's ephemeral ports
  // (32768+), so they do not collide with the test's own sockets; coturn skips taken ones.
  const minPort = 20_000 + Math.floor(Math.random() * 100) * 100;
  const dir = mkdtempSync(join(tmpdir(), 'parley-coturn-'));
  const args = [
    '-n', // no /etc/turnserver.conf: everything is on this line
    `--listening-ip=127.0.0.1`,
    `--relay-ip=127.0.0.1`,
    `--listening-port=${port}`,
    `--min-port=${minPort}`,
    `--max-port=${minPort + 99}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=parley.test',
    '--fingerprint',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--no-rfc5780',
    '--no-stun-backward-compatibility',
    // The two browsers of the test are both on 127.0.0.1: their relays talk over loopback.
    '--allow-loopback-peers',
    `--userdb=${join(dir, 'turndb')}`,
    `--pidfile=${join(dir, 'turnserver.pid')}`,
    '--log-file=stdout',
    '--simple-log',
  ];
  let log = '';
  const child: ChildProcess = spawn(TURNSERVER, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let spawnError: Error | null = null;
  child.once('error', (e) => (spawnError = e));

  const deadline = Date.now() + 20_000;
  while (!(await accepts(port))) {
    if (spawnError) throw new Error(`turnserver could not start (${TURNSERVER}): ${String(spawnError)}`);
    if (child.exitCode !== null) throw new Error(`turnserver exited early:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`turnserver did not listen in 20 s:\n${log}`);
    }
    await pause(100);
  }

  return {
    url: `turn:127.0.0.1:${port}`,
    port,
    secret,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const gone = await Promise.race([exited.then(() => true), pause(10_000).then(() => false)]);
        if (!gone) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      rmSync(dir, { recursive: true, force: true });
      // Nothing may be left behind on the shared machine: the process is gone, its port closed.
      if (child.exitCode === null && child.signalCode === null) throw new Error('turnserver is still running');
      if (await accepts(port)) throw new Error(`something still listens on the TURN port ${port}`);
    },
  };
}
