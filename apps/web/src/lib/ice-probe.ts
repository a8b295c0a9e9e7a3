/**
 * Can this device reach one STUN or TURN server (issue 40: the network check and the admin
 * console's TURN test)? A throw-away peer connection gathers candidates with only that server:
 * a `srflx` candidate proves STUN answered, a `relay` candidate proves TURN allocated a relay
 * for our credentials. Nothing is sent to any peer.
 */

export type ProbeOutcome = 'ok' | 'auth' | 'unreachable' | 'unsupported';

export interface ProbeResult {
  outcome: ProbeOutcome;
  /** Milliseconds from the start of gathering to the proving candidate (outcome `ok`). */
  ms?: number;
  /** The relay or reflexive address we were given, e.g. `203.0.113.7:49200`. */
  address?: string;
}

export interface ProbeTarget {
  /** One URL, e.g. `turn:turn.example.com:3478?transport=tcp` or `stun:stun.example.com`. */
  url: string;
  username?: string;
  credential?: string;
}

/** How long one server gets to answer; a blocked port shows as silence, not as an error. */
export const PROBE_TIMEOUT_MS = 8000;

const isTurn = (url: string) => /^turns?:/i.test(url);

/** The transports a URL is tried over: TURN as written, else over UDP and over TCP; STUN over UDP (browsers have no STUN over TCP). */
export function probeUrls(url: string): { url: string; transport: 'udp' | 'tcp' | 'tls' }[] {
  if (/^turns:/i.test(url)) return [{ url, transport: 'tls' }];
  if (!isTurn(url)) return [{ url, transport: 'udp' }];
  const m = /\?transport=(udp|tcp)$/i.exec(url);
  if (m) return [{ url, transport: m[1]?.toLowerCase() === 'tcp' ? 'tcp' : 'udp' }];
  return (['udp', 'tcp'] as const).map((t) => ({ url: `${url}?transport=${t}`, transport: t }));
}

export async function probeIceServer(target: ProbeTarget, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  if (typeof RTCPeerConnection === 'undefined') return { outcome: 'unsupported' };
  const turn = isTurn(target.url);
  const server: RTCIceServer = { urls: target.url };
  if (target.username) server.username = target.username;
  if (target.credential) server.credential = target.credential;
  let pc: RTCPeerConnection;
  try {
    pc = new RTCPeerConnection({ iceServers: [server], iceTransportPolicy: turn ? 'relay' : 'all' });
  } catch {
    return { outcome: 'unreachable' };
  }
  const started = performance.now();
  try {
    return await new Promise<ProbeResult>((resolve) => {
      let authFailed = false;
      const timer = setTimeout(() => resolve({ outcome: authFailed ? 'auth' : 'unreachable' }), timeoutMs);
      const finish = (r: ProbeResult) => {
        clearTimeout(timer);
        resolve(r);
      };
      pc.onicecandidate = (e) => {
        const c = e.candidate;
        if (!c) return finish({ outcome: authFailed ? 'auth' : 'unreachable' });
        if (c.type === (turn ? 'relay' : 'srflx')) {
          finish({ outcome: 'ok', ms: Math.round(performance.now() - started), address: `${c.address}:${c.port}` });
        }
      };
      // 401: the server answered but refused the credential (a wrong or expired shared secret).
      pc.onicecandidateerror = (e) => {
        if ((e as RTCPeerConnectionIceErrorEvent).errorCode === 401) authFailed = true;
      };
      pc.createDataChannel('probe');
      void pc
        .createOffer()
        .then((o) => pc.setLocalDescription(o))
        .catch(() => finish({ outcome: 'unreachable' }));
    });
  } finally {
    pc.onicecandidate = null;
    pc.onicecandidateerror = null;
    pc.close();
  }
}
