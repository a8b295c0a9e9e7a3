import { describe, expect, it } from 'vitest';
import { createQueryClient, refetchOnLanguageChange } from './query-client';

describe('language switch', () => {
  it('fetches what is on screen again at once, so server-worded rows follow the language', async () => {
    const client = createQueryClient();
    let calls = 0;
    const observer = client.getQueryCache().build(client, { queryKey: ['contacts'], queryFn: async () => ++calls });
    await observer.fetch();
    const listeners: (() => void)[] = [];
    refetchOnLanguageChange({ on: (_e, cb) => void listeners.push(cb) }, client);
    expect(client.getQueryState(['contacts'])?.isInvalidated).toBe(false);
    for (const l of listeners) l();
    expect(client.getQueryState(['contacts'])?.isInvalidated).toBe(true);
  });
});
