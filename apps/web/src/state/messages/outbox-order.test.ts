import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { ApiError } from '../../lib/api-client';

/** sendMessage as the test decides: offline (network error) or an answer echoing the input. */
const sent: { id: string; content: string }[] = [];
let online = false;
vi.mock('../../lib/endpoints', () => ({
  endpoints: {
    sendMessage: async (input: { id: string; content: string; toContactId: string }) => {
      if (!online) throw new ApiError('offline', 'offline');
      sent.push({ id: input.id, content: input.content });
      await new Promise((r) => setTimeout(r, 1));
      return {
        id: input.id,
        msg_id: sent.length,
        content: input.content,
        type: 'text',
        sendTime: Date.now(),
        toContactId: input.toContactId,
      } as unknown as Message;
    },
  },
}));

const { sendText, resendWaiting, retry } = await import('./api');
const { outbox } = await import('./outbox');

describe('the outbox while offline (issue 22)', () => {
  let qc: QueryClient;
  beforeEach(() => {
    qc = new QueryClient();
    outbox.clear();
    sent.length = 0;
    online = false;
  });

  it('keeps messages typed offline waiting, then sends each once, in the order typed', async () => {
    await sendText(qc, '7', 'one');
    await sendText(qc, '7', 'two');
    await sendText(qc, '8', 'three');
    expect(outbox.all().map((p) => p.status)).toEqual(['waiting', 'waiting', 'waiting']);
    const ids = outbox.all().map((p) => p.id);

    online = true;
    await resendWaiting(qc);
    expect(sent.map((s) => s.content)).toEqual(['one', 'two', 'three']);
    expect(sent.map((s) => s.id)).toEqual(ids);
    expect(outbox.all()).toEqual([]);

    await resendWaiting(qc);
    expect(sent).toHaveLength(3);
  });

  it('lets nothing overtake a waiting message: a new one queues behind it', async () => {
    await sendText(qc, '7', 'first');
    online = true;
    // Typed once the network is back but before the socket rebound: the older one goes first.
    const first = outbox.all()[0];
    if (!first) throw new Error('no pending message');
    retry(qc, first.conversation, first.id);
    await sendText(qc, '7', 'second');
    await resendWaiting(qc);
    expect(sent.map((s) => s.content)).toEqual(['first', 'second']);
  });
});
