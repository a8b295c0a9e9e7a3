import type { IceServer } from '@parley/protocol';
import { probeUrls, type ProbeResult } from '../../lib/ice-probe';

/**
 * The network check (issue 40) as pure logic: which STUN/TURN server and transport to try, and
 * what the results mean for a person who has to ask IT for something.
 */

export interface CheckTarget {
  key: string;
  kind: 'stun' | 'turn';
  /** `host:port` as configured, for the row and the advice. */
  host: string;
  transport: 'udp' | 'tcp' | 'tls';
  url: string;
  username?: string;
  credential?: string;
}

export interface CheckRow extends CheckTarget {
  /** Undefined while the probe runs. */
  result?: ProbeResult;
}

export function hostOf(url: string): string {
  return url.replace(/^[a-z]+:/i, '').replace(/\?.*$/, '');
}

/** One target per server URL and transport, in the order the servers were listed. */
export function targetsOf(servers: IceServer[]): CheckTarget[] {
  const out: CheckTarget[] = [];
  for (const s of servers) {
    for (const url of Array.isArray(s.urls) ? s.urls : [s.urls]) {
      if (!/^(stun|turns?):/i.test(url)) continue;
      for (const p of probeUrls(url)) {
        const key = `${p.url}#${out.length}`;
        if (out.some((o) => o.url === p.url)) continue;
        out.push({
          key,
          kind: /^turns?:/i.test(url) ? 'turn' : 'stun',
          host: hostOf(url),
          transport: p.transport,
          url: p.url,
          ...(s.username ? { username: s.username } : {}),
          ...(s.credential ? { credential: s.credential } : {}),
        });
      }
    }
  }
  return out;
}

export type AdviceKey = 'serverDown' | 'noServers' | 'allGood' | 'auth' | 'udpBlocked' | 'turnBlocked' | 'stunBlocked';
export interface Advice {
  key: AdviceKey;
  host?: string;
}

/** What to tell IT, most important first; empty while probes still run. */
export function adviceOf(server: 'ok' | 'down', rows: CheckRow[]): Advice[] {
  if (server === 'down') return [{ key: 'serverDown' }];
  if (rows.length === 0) return [{ key: 'noServers' }];
  if (rows.some((r) => !r.result)) return [];
  const out: Advice[] = [];
  const servers = new Map<string, CheckRow[]>();
  for (const r of rows) servers.set(`${r.kind} ${r.host}`, [...(servers.get(`${r.kind} ${r.host}`) ?? []), r]);
  for (const mine of servers.values()) {
    const { host, kind } = mine[0] ?? { host: '', kind: 'stun' };
    const ok = mine.filter((r) => r.result?.outcome === 'ok');
    if (mine.some((r) => r.result?.outcome === 'auth')) out.push({ key: 'auth', host });
    else if (ok.length === 0) out.push({ key: kind === 'turn' ? 'turnBlocked' : 'stunBlocked', host });
    else if (mine.some((r) => r.transport === 'udp' && r.result?.outcome !== 'ok'))
      out.push({ key: 'udpBlocked', host });
  }
  return out.length ? out : [{ key: 'allGood' }];
}
