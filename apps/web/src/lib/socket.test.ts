import { describe, expect, it, vi } from 'vitest';
import {
  currentCallChannel,
  SocketCallDroppedError,
  SocketCallTimeoutError,
  SocketClient,
  SocketNotOpenError,
  type SocketEnv,
  type WebSocketLike,
} from './socket';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  fail() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

function harness() {
  vi.useFakeTimers();
  const sockets: FakeSocket[] = [];
  const env: SocketEnv = {
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as number),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (h) => clearInterval(h as number),
    now: () => Date.now(),
  };
  const events: unknown[] = [];
  const ready: { clientId: string; reconnect: boolean }[] = [];
  const statuses: string[] = [];
  let errors = 0;
  const client = new SocketClient(
    'ws://x/wss',
    () => ({ token: 'bearer t', userId: 7 }),
    {
      onEvent: (f) => events.push(f),
      onReady: (r) => ready.push(r),
      onStatus: (s) => statuses.push(s),
      onConnectionError: () => (errors += 1),
    },
    env,
  );
  return {
    client,
    sockets,
    events,
    ready,
    statuses,
    errors: () => errors,
    last: () => {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error('no socket yet');
      return s;
    },
  };
}

describe('SocketClient (spec §4)', () => {
  it('pings on open and then every 25 s, answers server pings, binds on init', () => {
    const h = harness();
    h.client.start();
    h.last().open();
    expect(h.last().sent).toEqual(['{"type":"ping"}']);
    vi.advanceTimersByTime(25_000);
    expect(h.last().sent).toHaveLength(2);
    h.last().receive({ type: 'ping' });
    expect(h.last().sent.at(-1)).toBe('{"type":"pong"}');
    h.last().receive({ type: 'init', client_id: 'n1.5' });
    expect(JSON.parse(h.last().sent.at(-1) ?? 'null')).toEqual({ type: 'bindUid', user_id: 7, token: 'bearer t' });
    expect(h.ready).toEqual([{ clientId: 'n1.5', reconnect: false }]);
    h.last().receive({ type: 'pong', multiport: true });
    expect(h.client.multiport).toBe(true);
    h.last().receive({ type: 'simple', time: 1, data: { id: 'm' } });
    expect(h.events).toEqual([{ type: 'simple', time: 1, data: { id: 'm' } }]);
  });

  it('retries a failed open every 15 s and gives up after 10 failures until woken', () => {
    const h = harness();
    h.client.start();
    for (let i = 1; i <= 9; i++) {
      h.last().fail();
      expect(h.sockets).toHaveLength(i);
      vi.advanceTimersByTime(14_999);
      expect(h.sockets).toHaveLength(i);
      vi.advanceTimersByTime(1);
      expect(h.sockets).toHaveLength(i + 1);
    }
    h.last().fail();
    expect(h.errors()).toBe(1);
    expect(h.client.state).toBe('down');
    vi.advanceTimersByTime(60_000);
    expect(h.sockets).toHaveLength(10);
    h.client.wake(); // the network came back
    expect(h.sockets).toHaveLength(11);
  });

  it('reconnects after a close, reports a reconnect, and stops after 5 quick closes', () => {
    const h = harness();
    h.client.start();
    h.last().open();
    h.last().receive({ type: 'init', client_id: 'a' });
    for (let i = 0; i < 4; i++) {
      h.last().fail();
      vi.advanceTimersByTime(0);
      h.last().open();
      h.last().receive({ type: 'init', client_id: `b${i}` });
    }
    expect(h.ready.at(-1)?.reconnect).toBe(true);
    h.last().fail();
    expect(h.errors()).toBe(1);
    expect(h.client.state).toBe('down');
  });

  it('refuses to send while not open, with the framework text and code', () => {
    const h = harness();
    h.client.start();
    expect(() => h.client.send({ type: 'x' })).toThrow(SocketNotOpenError);
    try {
      h.client.send({ type: 'x' });
    } catch (e) {
      expect((e as SocketNotOpenError).message).toBe('sendSocketMessage:fail SocketTask.readyState is not OPEN');
      expect((e as SocketNotOpenError).code).toBe(10002);
    }
  });

  it('sends close on stop and does not reconnect', () => {
    const h = harness();
    h.client.start();
    const s = h.last();
    s.open();
    h.client.stop();
    expect(s.sent.at(-1)).toBe('{"type":"close"}');
    vi.advanceTimersByTime(100_000);
    expect(h.sockets).toHaveLength(1);
  });

  it('reconnects when woken with a dead socket', () => {
    const h = harness();
    h.client.start();
    h.last().open();
    h.last().readyState = 3; // died silently (e.g. laptop slept)
    h.client.wake();
    expect(h.sockets).toHaveLength(2);
  });
});

describe('SocketClient calls (PROTOCOL §11.6)', () => {
  const bindAndConfirm = (h: ReturnType<typeof harness>) => {
    h.client.start();
    h.last().open();
    h.last().receive({ type: 'init', client_id: 'n1.5' });
    // The first pong answers the ping sent on open; only the second confirms the bind.
    h.last().receive({ type: 'pong', multiport: false });
    expect(h.client.bound).toBe(false);
    expect(currentCallChannel()).toBeNull();
    h.last().receive({ type: 'pong', multiport: false });
    expect(h.client.bound).toBe(true);
    expect(currentCallChannel()).toBe(h.client);
  };

  it('sends call frames once bound and matches replies by seq, in any order', async () => {
    const h = harness();
    await expect(h.client.call('/enterprise/im/getContacts', {}, 1000)).rejects.toBeInstanceOf(SocketNotOpenError);
    bindAndConfirm(h);
    const a = h.client.call('/enterprise/im/getContacts', {}, 1000);
    const b = h.client.call('/enterprise/im/getMessageList', { toContactId: 3 }, 1000);
    const [fa, fb] = h
      .last()
      .sent.slice(-2)
      .map((x) => JSON.parse(x) as { seq: number; path: string; params: unknown });
    expect(fb).toEqual({
      type: 'call',
      seq: (fa?.seq ?? 0) + 1,
      path: '/enterprise/im/getMessageList',
      params: { toContactId: 3 },
    });
    h.last().receive({ type: 'reply', seq: fb?.seq, code: 0, msg: '', count: 1, data: ['b'], page: 1 });
    h.last().receive({ type: 'reply', seq: fa?.seq, code: 400, msg: 'no', count: 0, data: '', page: 0 });
    expect(await b).toEqual({ code: 0, msg: '', count: 1, data: ['b'], page: 1 });
    expect(await a).toEqual({ code: 400, msg: 'no', count: 0, data: '', page: 0 });
    h.client.stop();
  });

  it('rejects calls still waiting when the socket drops, and is no longer the channel', async () => {
    const h = harness();
    bindAndConfirm(h);
    const pending = h.client.call('/enterprise/im/sendMessage', { id: 'u' }, 10_000);
    h.last().fail();
    await expect(pending).rejects.toBeInstanceOf(SocketCallDroppedError);
    expect(currentCallChannel()).toBeNull();
    expect(h.client.bound).toBe(false);
    h.client.stop();
  });

  it('gives up on a late reply after the timeout', async () => {
    const h = harness();
    bindAndConfirm(h);
    const late = h.client.call('/enterprise/im/getContacts', {}, 10_000);
    vi.advanceTimersByTime(10_000);
    await expect(late).rejects.toBeInstanceOf(SocketCallTimeoutError);
    h.client.stop();
  });
});
