import { WebSocket } from 'ws';

/**
 * Client sockets with the real protocol (PROTOCOL §11): open /wss, wait for `init`, send
 * `bindUid` with the token, wait for the `pong` that confirms the bind, then ping every 25 s.
 * Pushes `{type, time, data}` go to `onPush(type, data, sock)`.
 */

const PING_MS = 25000;

export function openSocket({ base, userId, token, localAddress, onPush, onClose, timeoutMs = 15000 }) {
  const url = `${base.replace(/^http/, 'ws')}/wss`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false, handshakeTimeout: timeoutMs });
    const sock = {
      ws,
      userId,
      bound: false,
      pushes: 0,
      pongs: 0,
      closeCode: null,
      timer: null,
      seq: 0,
      calls: new Map(),
    };
    const fail = (err) => {
      clearTimeout(guard);
      ws.terminate();
      reject(err);
    };
    const guard = setTimeout(
      () => fail(new Error(`socket of user ${userId}: no bind within ${timeoutMs} ms`)),
      timeoutMs,
    );
    ws.on('message', (raw) => {
      if (sock.bound) {
        const fast = pushId(raw);
        if (fast) {
          sock.pushes++;
          onPush?.(fast.type, fast.id, sock);
          return;
        }
      }
      let f;
      try {
        f = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (f.type === 'init') {
        ws.send(JSON.stringify({ type: 'bindUid', user_id: userId, token }));
        return;
      }
      if (f.type === 'pong') {
        sock.pongs++;
        if (!sock.bound) {
          sock.bound = true;
          clearTimeout(guard);
          // Heartbeat as clients do, with a random phase so thousands of sockets do not ping together.
          const first = setTimeout(() => {
            ping();
            sock.timer = setInterval(ping, PING_MS);
          }, Math.random() * PING_MS);
          sock.timer = first;
          resolve(sock);
        }
        return;
      }
      if (f.type === 'ping') return;
      if (f.type === 'reply') {
        const c = sock.calls.get(f.seq);
        if (c) {
          sock.calls.delete(f.seq);
          clearTimeout(c.timer);
          c.resolve(f);
        }
        return;
      }
      sock.pushes++;
      onPush?.(f.type, typeof f.data?.id === 'string' ? f.data.id : null, sock);
    });
    const ping = () => ws.readyState === ws.OPEN && ws.send('{"type":"ping"}');
    ws.on('close', (code) => {
      sock.closeCode = code;
      for (const c of sock.calls.values()) {
        clearTimeout(c.timer);
        c.reject(new Error(`socket of user ${userId} closed (${code}) before the reply`));
      }
      sock.calls.clear();
      clearTimeout(sock.timer);
      clearInterval(sock.timer);
      if (!sock.bound) fail(new Error(`socket of user ${userId} closed with ${code} before bind`));
      else onClose?.(sock, code);
    });
    ws.on('error', (err) => {
      if (!sock.bound) fail(err);
    });
  });
}

/**
 * A PROTOCOL §11.6 call on a bound socket: resolves with the reply (the §1.3 envelope plus type
 * and seq), rejects when the socket closes first or after `timeoutMs`, like post() in http.mjs.
 */
export function socketCall(sock, path, params, timeoutMs = 10000) {
  if (sock.ws.readyState !== sock.ws.OPEN)
    return Promise.reject(new Error(`${path}: socket of user ${sock.userId} is not open`));
  sock.seq = sock.seq >= 2 ** 31 ? 1 : sock.seq + 1;
  const seq = sock.seq;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sock.calls.delete(seq);
      reject(new Error(`${path}: timeout after ${timeoutMs} ms`));
    }, timeoutMs);
    sock.calls.set(seq, { resolve, reject, timer });
    sock.ws.send(JSON.stringify({ type: 'call', seq, path, params }));
  });
}

const TYPE_PREFIX = Buffer.from('{"type":"');
const ID_KEY = Buffer.from('"id":"');

/**
 * Cheap reading of a message push: its type and the message uuid (the first `"id":"` whose
 * value looks like a uuid), without parsing the whole frame, so the generator can take tens of
 * thousands of pushes per second on one core. Returns null when the frame is not like that.
 */
export function pushId(buf) {
  if (!Buffer.isBuffer(buf) || buf.length < 60 || buf.compare(TYPE_PREFIX, 0, 9, 0, 9) !== 0) return null;
  const end = buf.indexOf(34, 9); // closing quote of the type
  if (end < 0 || end > 40) return null;
  const type = buf.toString('latin1', 9, end);
  if (type !== 'simple' && type !== 'group') return null;
  const at = buf.indexOf(ID_KEY, end);
  if (at < 0 || at + 6 + 37 > buf.length) return null;
  const s = at + 6;
  if (buf[s + 8] !== 45 || buf[s + 13] !== 45 || buf[s + 36] !== 34) return null; // '-' … '"'
  return { type, id: buf.toString('latin1', s, s + 36) };
}

export function closeSocket(sock) {
  clearTimeout(sock.timer);
  clearInterval(sock.timer);
  sock.closing = true;
  if (sock.ws.readyState === sock.ws.OPEN) sock.ws.close(1000);
  else sock.ws.terminate();
}

/** Runs `fn(item, i)` over items with at most `limit` at once; rejects on the first error. */
export async function pool(items, limit, fn) {
  let next = 0;
  const out = new Array(items.length);
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
