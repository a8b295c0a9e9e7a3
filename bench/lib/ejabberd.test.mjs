import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchCtlCfg, benchYml } from './ejabberd.mjs';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'ejabberd');
const read = (f) => fs.readFileSync(path.join(dir, f), 'utf8');

describe('the ejabberd reference config, as the bench starts it', () => {
  it('moves the client and WebSocket listeners to the run ports and keeps the rest', () => {
    const yml = benchYml(read('ejabberd-nomam.yml'), { c2sPort: 40001, wsPort: 40002 });
    expect(yml).toMatch(/port: 40001\n\s+ip: "127.0.0.1"/);
    expect(yml).toMatch(/port: 40002\n\s+ip: "127.0.0.1"/);
    expect(yml).not.toMatch(/port: 52(22|80)/);
    expect(yml).not.toContain('mod_mam');
    expect(yml).toContain('/ws: ejabberd_http_ws');
  });
  it('names the node, state folder, cookie and distribution port of the run', () => {
    const cfg = benchCtlCfg(read('ejabberdctl.cfg'), {
      node: 'parley-bench-abc@localhost',
      stateDir: '/tmp/s',
      cookie: 'c00k1e',
      distPort: 40003,
    });
    expect(cfg).toContain('ERLANG_NODE=parley-bench-abc@localhost');
    expect(cfg).not.toContain('ejabberd-bench@localhost');
    expect(cfg).toContain('EJABBERD_PID_PATH=/tmp/s/ejabberd.pid');
    expect(cfg).toContain('ERL_DIST_PORT=40003');
    expect(cfg).toContain('-setcookie c00k1e');
    expect(cfg).toContain('INET_DIST_INTERFACE=127.0.0.1');
  });
  it('refuses a reference that no longer listens where the bench expects', () => {
    expect(() => benchYml('listen: []', { c2sPort: 1, wsPort: 2 })).toThrow(/5222 and 5280/);
  });
});
