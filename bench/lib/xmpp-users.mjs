import { XMPP_DOMAIN, chatMessage, closeXmpp, openXmpp } from './xmpp.mjs';
import { pool } from './sockets.mjs';

/**
 * The ejabberd side of users.mjs: accounts by in-band registration (one short stream each, about
 * a millisecond of server work; `ejabberdctl register` starts an Erlang VM per account, 1.5 s),
 * then one logged-in stream per user and repetition. A user's id is its account (the JID's local part).
 */

const PASSWORD = 'benchpass1';

/** Registers `n` accounts; user i uses source address i % sources. Returns [{ i, id, account, url, src }]. */
export async function createXmppUsers({ url, n, sources, runId, concurrency = 16, log }) {
  const t0 = performance.now();
  const users = await pool(
    Array.from({ length: n }, (_, i) => i),
    concurrency,
    async (i) => {
      const account = `u${runId}x${i}`;
      const src = sources[i % sources.length];
      const sock = await openXmpp({
        url,
        user: account,
        password: PASSWORD,
        register: true,
        presence: false,
        localAddress: src,
      });
      closeXmpp(sock);
      return { i, id: account, account, url, src };
    },
  );
  log?.(`  ${n} XMPP accounts registered in band in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return users;
}

/** One session per user (u.sock); incoming bench messages go to `onMessage(id, userId)`. */
export async function connectXmppUsers({ users, onMessage, concurrency = 32, log }) {
  const t0 = performance.now();
  let closedEarly = 0;
  const socks = await pool(users, concurrency, (u) =>
    openXmpp({
      url: u.url,
      user: u.account,
      password: PASSWORD,
      localAddress: u.src,
      onMessage: (m, sock) => onMessage(m.id, sock.userId),
      onClose: () => closedEarly++,
    }).then((s) => (u.sock = s)),
  );
  log?.(`  ${socks.length} XMPP sessions open in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { socks, closedEarly: () => closedEarly, closeAll: () => socks.forEach(closeXmpp) };
}

/**
 * load.mjs's send for ejabberd: a chat to the peer's bare JID. XMPP has no answer to a message, so
 * there is no reply latency (null); a stream that is not open is an error like a refused send.
 */
export function sendXmpp({ sender, to, id, sentAt }) {
  if (sender.sock.ws.readyState !== sender.sock.ws.OPEN) throw new Error(`stream of ${sender.account} is not open`);
  sender.sock.send(chatMessage(`${to}@${XMPP_DOMAIN}`, id, sentAt));
  return null;
}
