import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as ws from 'ws';
import { SharedFrame } from './shared-frame';

/** Real sockets on loopback: three clients, the server's side of each, every frame they read. */
let server: ws.WebSocketServer;
const serverSide: ws.WebSocket[] = [];
const clients: { ws: ws.WebSocket; got: { text: string; binary: boolean }[] }[] = [];

beforeAll(async () => {
  server = new ws.WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (s) => serverSide.push(s));
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  for (let i = 0; i < 3; i++) {
    const c = new ws.WebSocket(`ws://127.0.0.1:${port}`);
    const got: { text: string; binary: boolean }[] = [];
    c.on('message', (data: Buffer, binary) => got.push({ text: data.toString(), binary }));
    await new Promise((r) => c.once('open', r));
    clients.push({ ws: c, got });
  }
  await vi.waitFor(() => expect(serverSide).toHaveLength(3));
});
afterAll(async () => {
  for (const c of clients) c.ws.close();
  await new Promise((r) => server.close(r));
});

describe('SharedFrame: one frame written to every recipient', () => {
  it('arrives whole at every client, short, medium and long, in order with frames ws sent itself', async () => {
    const texts = [
      '{"type":"isOnline","data":{"id":7,"is_online":1}}',
      JSON.stringify({ type: 'simple', data: { content: '你好，世界 👋'.repeat(40) } }), // 126–65,535 bytes
      JSON.stringify({ type: 'simple', data: { content: 'x'.repeat(70_000) } }), // over 65,535
    ];
    const sent = vi.spyOn(ws.WebSocket.prototype, 'send');
    for (const text of texts) {
      const frame = new SharedFrame(text);
      for (const s of serverSide) frame.send(s);
    }
    // Past ws: its send was never asked.
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
    for (const s of serverSide) s.send('{"type":"pong"}');
    for (const c of clients) {
      await vi.waitFor(() => expect(c.got).toHaveLength(4));
      expect(c.got).toEqual([...texts, '{"type":"pong"}'].map((text) => ({ text, binary: false })));
    }
  });

  it('goes through ws when ws has frames of its own queued', async () => {
    const busy = serverSide[0] as unknown as ws.WebSocket & { _sender: { _state: number } };
    busy._sender._state = 1; // as while ws compresses a frame
    const sent = vi.spyOn(busy, 'send').mockImplementation(() => undefined);
    new SharedFrame('{"type":"ping"}').send(busy);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(String(sent.mock.calls[0]?.[0])).toBe('{"type":"ping"}');
    sent.mockRestore();
    busy._sender._state = 0;
  });
});
