import { describe, expect, it } from 'vitest';
import { adviceOf, targetsOf, type CheckRow } from './network-check';

const servers = [
  { urls: 'stun:stun.example.com:3478' },
  { urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'], username: '9:1', credential: 'c' },
];

describe('network check', () => {
  it('tries STUN over UDP, and TURN over UDP and TCP unless the URL names one, with its credential', () => {
    expect(targetsOf(servers).map((t) => [t.kind, t.host, t.transport, t.username ?? ''])).toEqual([
      ['stun', 'stun.example.com:3478', 'udp', ''],
      ['turn', 'turn.example.com:3478', 'udp', '9:1'],
      ['turn', 'turn.example.com:3478', 'tcp', '9:1'],
      ['turn', 'turn.example.com:5349', 'tls', '9:1'],
    ]);
  });

  const rows = (outcomes: string[]): CheckRow[] =>
    targetsOf(servers)
      .slice(0, 3)
      .map((t, i) => ({ ...t, result: { outcome: outcomes[i] as 'ok' } }));

  it('says what to tell IT: blocked UDP, a blocked relay, a refused secret, or that all is well', () => {
    expect(adviceOf('down', [])).toEqual([{ key: 'serverDown' }]);
    expect(adviceOf('ok', [])).toEqual([{ key: 'noServers' }]);
    expect(adviceOf('ok', rows(['ok', 'ok', 'ok']))).toEqual([{ key: 'allGood' }]);
    expect(adviceOf('ok', rows(['ok', 'unreachable', 'ok']))).toEqual([
      { key: 'udpBlocked', host: 'turn.example.com:3478' },
    ]);
    expect(adviceOf('ok', rows(['unreachable', 'unreachable', 'unreachable']))).toEqual([
      { key: 'stunBlocked', host: 'stun.example.com:3478' },
      { key: 'turnBlocked', host: 'turn.example.com:3478' },
    ]);
    expect(adviceOf('ok', rows(['ok', 'auth', 'auth']))).toEqual([{ key: 'auth', host: 'turn.example.com:3478' }]);
    // Still running: no advice yet.
    expect(adviceOf('ok', targetsOf(servers).slice(0, 1))).toEqual([]);
  });
});
