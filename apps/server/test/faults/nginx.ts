import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './process';

/**
 * Debian's nginx in front of test nodes, run from the repository's own site file
 * (deploy/nginx/parley.conf, the one docs/deployment.md gives operators) with its own prefix,
 * configuration, pid and logs in a temp dir, on free loopback ports. The TLS listener becomes a
 * plain one (the test speaks http); everything else is the file as shipped.
 */

const siteFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx/parley.conf');

export interface Nginx {
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

/** Replaces `from` (which must be there, so an edit of the site file cannot slip past) with `to`. */
function swap(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`deploy/nginx/parley.conf no longer has ${String(from)}`);
  return out;
}

function waitListening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited:\n${log()}`));
      const sock = connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => setTimeout(attempt, 50));
    };
    attempt();
  });
}

export async function startNginx(upstreamPorts: [number, number]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-nginx-'));
  fs.chmodSync(dir, 0o755); // its workers drop to `nobody` when started by root
  const [port, redirectPort] = [await freePort(), await freePort()];
  let site = fs.readFileSync(siteFile, 'utf8');
  site = swap(site, 'server 127.0.0.1:3001', `server 127.0.0.1:${upstreamPorts[0]}`);
  site = swap(site, 'server 127.0.0.1:3002', `server 127.0.0.1:${upstreamPorts[1]}`);
  site = swap(site, 'listen 80;', `listen 127.0.0.1:${redirectPort};`);
  site = swap(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${port};`);
  site = swap(site, /^\s*ssl_certificate.*$/gm, '');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn('nginx', ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const log = () => `${out}${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''}`;
  await waitListening(port, child, log);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
