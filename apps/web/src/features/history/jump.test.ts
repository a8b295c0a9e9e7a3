import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { message } from '../../state/conversations/fixtures';
import { addToChat, messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import { actionsApi } from '../../state/messages/actions-api';
import { loadNewer, openAt, windowAround, withNewerRows } from './jump';

const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message({ msg_id: from + i, content: `m${from + i}` }));

describe('chat window around an old message', () => {
  it('knows whether rows exist above and below the window', () => {
    const w = windowAround(rows(70, 130), 100, 30);
    expect(w).toMatchObject({ hasMore: true, hasNewer: true });
    expect(w.messages).toHaveLength(61);
    expect(windowAround(rows(95, 110), 100, 30)).toMatchObject({ hasMore: false, hasNewer: false });
  });

  it('grows downwards and notices when the newest row is reached', () => {
    const w = windowAround(rows(70, 130), 100, 30);
    const next = withNewerRows(w, rows(100, 145), 30);
    expect(next.messages[next.messages.length - 1]?.msg_id).toBe(145);
    expect(next.hasNewer).toBe(false);
  });

  it('opens at a message with one getMessageContext call and keeps live pushes out of the gap', async () => {
    const qc = new QueryClient();
    const context = vi
      .spyOn(actionsApi, 'context')
      .mockResolvedValueOnce(rows(170, 230))
      .mockResolvedValueOnce(rows(230, 240));
    const target = await openAt(qc, '2', 200);
    expect(target?.content).toBe('m200');
    expect(context).toHaveBeenCalledWith('2', 200, 30);
    const data = () => qc.getQueryData<MessagesData>(messagesKey('2'));
    expect(data()?.hasNewer).toBe(true);

    addToChat(qc, '2', message({ msg_id: 500, content: 'live' }));
    expect(data()?.messages.some((m) => m.msg_id === 500)).toBe(false);

    expect(await loadNewer(qc, '2')).toBe(false);
    expect(data()?.hasNewer).toBe(false);
    addToChat(qc, '2', message({ msg_id: 501, content: 'live' }));
    expect(data()?.messages.at(-1)?.msg_id).toBe(501);
    context.mockRestore();
  });

  it('uses the loaded row without asking the server', async () => {
    const qc = new QueryClient();
    qc.setQueryData<MessagesData>(messagesKey('2'), { messages: rows(1, 20), hasMore: false });
    const context = vi.spyOn(actionsApi, 'context');
    expect((await openAt(qc, '2', 5))?.msg_id).toBe(5);
    expect(context).not.toHaveBeenCalled();
    context.mockRestore();
  });
});
