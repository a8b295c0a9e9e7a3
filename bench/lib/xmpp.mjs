/**
 * XMPP over WebSocket (RFC 7395) for the ejabberd reference runs (issue 41): the stanzas the bench
 * sends and the one it reads (pure), and a client that opens a stream, registers in-band
 * (XEP-0077) if asked, authenticates with SASL PLAIN, binds a resource and starts a session.
 * Only what a one-to-one run needs: no roster, no TLS (loopback), no stream management.
 */
import { WebSocket } from 'ws';

export const XMPP_DOMAIN = 'localhost'; // the reference config's only host
const FRAMING = 'urn:ietf:params:xml:ns:xmpp-framing';

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };
export const escapeXml = (s) => String(s).replace(/[&<>'"]/g, (c) => ESC[c]);

export const openFrame = (domain = XMPP_DOMAIN) => `<open xmlns='${FRAMING}' to='${domain}' version='1.0'/>`;
export const closeFrame = () => `<close xmlns='${FRAMING}'/>`;

/** The SASL PLAIN message (RFC 4616): empty authzid, NUL, username, NUL, password; base64. */
export const saslPlain = (user, password) => Buffer.from(`\0${user}\0${password}`, 'utf8').toString('base64');

export const authStanza = (user, password) =>
  `<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>${saslPlain(user, password)}</auth>`;

export const registerIq = (id, user, password) =>
  `<iq type='set' id='${id}'><query xmlns='jabber:iq:register'><username>${escapeXml(user)}</username><password>${escapeXml(password)}</password></query></iq>`;

export const bindIq = (id, resource) =>
  `<iq type='set' id='${id}'><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'><resource>${escapeXml(resource)}</resource></bind></iq>`;

export const sessionIq = (id) =>
  `<iq type='set' id='${id}'><session xmlns='urn:ietf:params:xml:ns:xmpp-session'/></iq>`;

/** The bench's message: the stanza id and the body both carry the message id; the body also the send time. */
export const chatMessage = (to, id, sentAtMs) =>
  `<message type='chat' to='${escapeXml(to)}' id='${id}'><body>${id} ${sentAtMs.toFixed(1)}</body></message>`;

const attr = (s, name) => new RegExp(`\\s${name}=(['"])([^'"]*)\\1`).exec(s)?.[2] ?? null;

/**
 * An incoming `<message>` with a bench body: { id, sentAtMs, from, type }, or null for any other
 * frame. The body is read as the bench wrote it (`<id> <time>`), which no escaping touches.
 */
export function parseChat(frame) {
  const s = typeof frame === 'string' ? frame : frame.toString('utf8');
  if (!s.startsWith('<message')) return null;
  const open = s.indexOf('>');
  const b = s.indexOf('<body>', open);
  const e = b < 0 ? -1 : s.indexOf('</body>', b);
  if (e < 0) return null;
  const [id, t] = s.slice(b + 6, e).split(' ');
  if (!id) return null;
  const head = s.slice(0, open);
  return { id, sentAtMs: t === undefined ? null : Number(t), from: attr(head, 'from'), type: attr(head, 'type') };
}

/** What a frame of the log-in sequence is: features, success, failure, an iq result/error (with its id), open. */
export function frameKind(s) {
  if (/^<(stream:)?features[\s>]/.test(s)) return { kind: 'features', bind: s.includes('xmpp-bind') };
  if (s.startsWith('<success')) return { kind: 'success' };
  if (s.startsWith('<failure')) return { kind: 'failure', text: s };
  if (s.startsWith('<iq')) return { kind: 'iq', id: attr(s.slice(0, s.indexOf('>')), 'id'), type: attr(s, 'type') };
  if (s.startsWith('<open')) return { kind: 'open' };
  if (s.startsWith('<close')) return { kind: 'close' };
  return { kind: 'other' };
}

/**
 * Opens a logged-in XMPP session: resolves with { ws, userId, jid, send(frame) } once the session
 * is established (and, with `presence`, after the initial presence). `register`: create the
 * account in-band first on the same stream. Incoming bench messages go to `onMessage(parsed, sock)`.
 */
export function openXmpp({ url, user, password, resource = 'bench', register = false, presence = true, ...rest }) {
  const { localAddress, onMessage, onClose, timeoutMs = 15000, userId = user } = rest;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'xmpp', { localAddress, perMessageDeflate: false, handshakeTimeout: timeoutMs });
    const sock = { ws, userId, jid: `${user}@${XMPP_DOMAIN}`, ready: false, closing: false };
    sock.send = (frame) => ws.send(frame);
    let stage = register ? 'register' : 'auth';
    const fail = (err) => {
      clearTimeout(guard);
      ws.terminate();
      reject(err);
    };
    const guard = setTimeout(
      () => fail(new Error(`xmpp ${user}: no session within ${timeoutMs} ms (${stage})`)),
      timeoutMs,
    );
    const ready = () => {
      sock.ready = true;
      clearTimeout(guard);
      resolve(sock);
    };
    ws.on('open', () => ws.send(openFrame()));
    ws.on('message', (raw) => {
      const s = raw.toString('utf8');
      if (sock.ready) {
        const m = parseChat(s);
        if (m) onMessage?.(m, sock);
        return;
      }
      const f = frameKind(s);
      if (f.kind === 'features' && !f.bind) {
        ws.send(stage === 'register' ? registerIq('reg', user, password) : authStanza(user, password));
      } else if (f.kind === 'iq' && f.id === 'reg') {
        if (f.type !== 'result') return fail(new Error(`xmpp ${user}: registration refused: ${s}`));
        stage = 'auth';
        ws.send(authStanza(user, password));
      } else if (f.kind === 'success') {
        stage = 'bind';
        ws.send(openFrame()); // the stream restarts after SASL (RFC 7395 §3.5)
      } else if (f.kind === 'failure') fail(new Error(`xmpp ${user}: ${stage} failed: ${s}`));
      else if (f.kind === 'features' && f.bind) ws.send(bindIq('bind', resource));
      else if (f.kind === 'iq' && f.id === 'bind') {
        if (f.type !== 'result') return fail(new Error(`xmpp ${user}: bind refused: ${s}`));
        stage = 'session';
        ws.send(sessionIq('sess'));
      } else if (f.kind === 'iq' && f.id === 'sess') {
        if (f.type !== 'result') return fail(new Error(`xmpp ${user}: session refused: ${s}`));
        // Chats to a bare JID reach only resources that are available: one presence, no roster.
        if (presence) ws.send('<presence/>');
        ready();
      }
    });
    ws.on('close', (code) => {
      if (!sock.ready) fail(new Error(`xmpp ${user}: closed with ${code} during ${stage}`));
      else if (!sock.closing) onClose?.(sock, code);
    });
    ws.on('error', (err) => {
      if (!sock.ready) fail(err);
    });
  });
}

export function closeXmpp(sock) {
  sock.closing = true;
  if (sock.ws.readyState === sock.ws.OPEN) {
    sock.ws.send(closeFrame());
    sock.ws.close(1000);
  } else sock.ws.terminate();
}
