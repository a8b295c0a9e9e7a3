import * as ws from 'ws';

/**
 * Empties the array in which ws gathered a text message's pieces, once the message is read.
 *
 * Why: ws's Receiver collects the pieces of each incoming message in `_fragments`, hands that
 * array over when the message is complete, and starts a new one. On a chat socket the new array
 * waits for the next frame from that client, often longer than two scavenges (a second at 1,000
 * messages a second across 1,000 users), so V8 moves it to the old space. The next frame's buffer
 * is put into it, the array is replaced, and it becomes garbage in the old space that still points
 * at the young buffer. A scavenge counts every old-to-young pointer as live, so the buffer survives
 * and is promoted in its turn, with what it keeps. That was 0.34 of 1.1 kB promoted per message in
 * the bench (docs/performance.md, issue 23, twelfth pass): it fills the old space, and a major GC
 * is what the worst second of a 5,000 msg/s run was made of.
 *
 * The array is emptied after the Receiver has built the message from it (it copies or takes the
 * pieces synchronously), except for `binaryType = 'fragments'`, where the array itself is the
 * message; nothing of ours uses that. If a ws upgrade drops `dataMessage`, nothing is patched and
 * `release-fragments.test.ts` fails, so the change is seen.
 */

interface ReceiverInternals {
  _fragments: unknown[];
  _binaryType?: string;
}

type DataMessage = (this: ReceiverInternals, cb: (err?: Error) => void) => void;

const patched = Symbol('parley.releaseFragments');

/** Installs the release on ws's Receiver once; true if it is (now or already) in place. */
export function releaseReadFragments(): boolean {
  const Receiver = (ws as unknown as { Receiver?: { prototype: Record<PropertyKey, unknown> } }).Receiver;
  const proto = Receiver?.prototype;
  if (!proto || typeof proto.dataMessage !== 'function') return false;
  if (proto[patched]) return true;
  const dataMessage = proto.dataMessage as DataMessage;
  proto.dataMessage = function (this: ReceiverInternals, cb: (err?: Error) => void) {
    const fragments = this._fragments;
    dataMessage.call(this, cb);
    // Only a completed message is handed over (the Receiver then holds a new array).
    if (fragments !== this._fragments && this._binaryType !== 'fragments') fragments.length = 0;
  } satisfies DataMessage;
  proto[patched] = true;
  return true;
}
