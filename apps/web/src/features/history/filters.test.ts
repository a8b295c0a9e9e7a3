import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE, historyParams, nextCursor, snippet } from './filters';

describe('chat history filters', () => {
  it('asks manager mode with the chosen type and the words typed', () => {
    expect(historyParams('group-3', 'all', '  lunch ')).toEqual({
      toContactId: 'group-3',
      type: 'all',
      limit: HISTORY_PAGE,
      keywords: 'lunch',
    });
    expect(historyParams(5, 'link', 'docs', 88)).toEqual({
      toContactId: 5,
      type: 'link',
      limit: HISTORY_PAGE,
      keywords: 'docs',
      last_id: 88,
    });
    expect(historyParams(5, 'file', 'plan').keywords).toBe('plan');
  });

  it('does not narrow pictures, videos and voice notes by words', () => {
    for (const f of ['image', 'video', 'voice'] as const)
      expect(historyParams(5, f, 'lunch')).not.toHaveProperty('keywords');
    expect(historyParams(5, 'all', '   ')).not.toHaveProperty('keywords');
  });

  it('pages with the oldest row of a full page and stops on a short one', () => {
    const page = Array.from({ length: HISTORY_PAGE }, (_, i) => ({ msg_id: 100 - i }));
    expect(nextCursor(page)).toBe(100 - HISTORY_PAGE + 1);
    expect(nextCursor(page.slice(0, 3))).toBeUndefined();
  });

  it('cuts a snippet around the match, whatever its case', () => {
    expect(snippet('Meet at the Lunch place', 'lunch', 4)).toEqual({ before: '…the ', hit: 'Lunch', after: ' place' });
    expect(snippet('no match here', 'zzz')).toEqual({ before: 'no match here', hit: '', after: '' });
  });
});
