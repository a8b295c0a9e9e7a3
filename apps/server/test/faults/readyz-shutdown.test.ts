import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'node:net';
import { formatMsg } from '@parley/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/server';
import { freshPgDatabase, startProcess, type ServerProcess } from './process';

/**
 * PROTOCOL §20: `/readyz` answers 503 from the moment shutdown begins. A node stopping while a
 * request is still in flight keeps its listener until that request is answered or cut: a load
 * balancer asking meanwhile hears "not ready" (a refused connection was all it got before), and a
 * new API call gets the translated `common.shuttingDown`, which a client retries elsewhere.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-readyz-'));
let node: ServerProcess | undefined;
afterAll(async () => {
  await node?.crash();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('readiness during a shutdown', () => {
  it('answers 503 on /readyz and shuttingDown to new calls until the node has stopped', async () => {
    const env = {
      PARLEY_DATA_DIR: dataDir,
      PARLEY_SHUTDOWN_GRACE_S: '8',
      ...(testDbKind() === 'sqlite' ? {} : await freshPgDatabase()),
    };
    const n = await startProcess(env);
    node = n;
    expect((await fetch(`${n.url}/readyz`)).status).toBe(200);
    // A request read but not complete (half its body): in flight until the shutdown cuts it. The
    // server's "100 Continue" says it has read the headers, so the request is in flight before
    // the signal (else it could arrive after, and be refused at once instead).
    const held = connect(Number(new URL(n.url).port), '127.0.0.1');
    held.on('error', () => undefined);
    await new Promise<void>((r) => held.once('connect', () => r()));
    const continued = new Promise<void>((r) => held.once('data', () => r()));
    held.write('POST /enterprise/im/sendMessage HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
    held.write('Expect: 100-continue\r\nContent-Length: 500\r\n\r\n');
    await continued;
    held.write('{"id":');

    const exited = new Promise<number | null>((r) => n.child.once('exit', (code) => r(code)));
    n.child.kill('SIGTERM');
    // Until the signal is handled the node is ready; from then on it must say it is not.
    let readyz: Response;
    for (;;) {
      readyz = await fetch(`${n.url}/readyz`); // a refused connection throws: the failure this guards
      if (readyz.status !== 200) break;
    }
    expect(readyz.status).toBe(503);
    expect(await readyz.text()).toBe('not ready: shutting down');

    const call = await n.api.post('/common/pub/getSystemInfo', {}, { lang: 'en' });
    expect(call.body).toMatchObject({ code: 502, msg: formatMsg('common.shuttingDown', 'en-us') });
    expect((await fetch(`${n.url}/readyz`)).status).toBe(503);

    expect(await exited, n.output().slice(-2000)).toBe(0);
    held.destroy();
  }, 120_000);
});
