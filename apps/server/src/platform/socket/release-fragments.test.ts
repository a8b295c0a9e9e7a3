import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { releaseReadFragments } from './release-fragments';

interface TestReceiver {
  _fragments: unknown[];
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  write(chunk: Buffer): void;
}
const Receiver = (ws as unknown as { Receiver: new (opts: object) => TestReceiver }).Receiver;

/** An unmasked frame as a server sends it (so a client-side Receiver reads it). */
function frame(payload: string, { fin = true, opcode = 1 } = {}): Buffer {
  const body = Buffer.from(payload);
  if (body.length > 125) throw new Error('short frames only');
  return Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, body.length]), body]);
}

function receiver() {
  const r = new Receiver({ isServer: false, allowSynchronousEvents: true });
  const got: Array<{ text: string; binary: boolean }> = [];
  r.on('message', (data, binary) => got.push({ text: data.toString(), binary }));
  return { r, got };
}

describe('releaseReadFragments: ws no longer keeps a read frame alive from its old pieces array', () => {
  it('is installed on the ws in node_modules (a ws upgrade that changes the Receiver fails here)', () => {
    expect(releaseReadFragments()).toBe(true);
    expect(releaseReadFragments()).toBe(true); // once only
  });

  it('empties the array a text message was gathered in, and the message is whole', () => {
    releaseReadFragments();
    const { r, got } = receiver();
    const first = r._fragments;
    r.write(frame('{"type":"call","seq":1}'));
    expect(got).toEqual([{ text: '{"type":"call","seq":1}', binary: false }]);
    expect(first).toHaveLength(0);
    expect(r._fragments).not.toBe(first);
  });

  it('keeps a message in pieces until its last piece, then empties that array too', () => {
    releaseReadFragments();
    const { r, got } = receiver();
    const pieces = r._fragments;
    r.write(frame('你好，', { fin: false }));
    expect(got).toEqual([]);
    expect(pieces).toHaveLength(1);
    r.write(frame('世界', { fin: true, opcode: 0 }));
    expect(got).toEqual([{ text: '你好，世界', binary: false }]);
    expect(pieces).toHaveLength(0);
  });

  it('leaves binary messages whole', () => {
    releaseReadFragments();
    const { r, got } = receiver();
    const first = r._fragments;
    r.write(frame('abc', { opcode: 2 }));
    expect(got).toEqual([{ text: 'abc', binary: true }]);
    expect(first).toHaveLength(0);
  });
});
