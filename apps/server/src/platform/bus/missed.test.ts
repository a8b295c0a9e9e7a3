import { describe, expect, it } from 'vitest';
import { MissedPublishes } from './missed';

describe('MissedPublishes', () => {
  it('replays closes and cache drops as they were, and turns pushes into one refetch of their recipients', () => {
    const missed = new MissedPublishes();
    missed.add({ kind: 'deliver', to: { users: [1, 2] }, frame: '{}' });
    missed.add({ kind: 'closeSessions', jtis: ['j'], code: 4003 });
    missed.add({ kind: 'cacheDrop', cache: 'pushAbsence', keys: [9] });
    missed.add({ kind: 'bindReply', requestId: 'r', result: 'ok' });
    const out = missed.take();
    expect(out).toEqual([
      { kind: 'closeSessions', jtis: ['j'], code: 4003 },
      { kind: 'cacheDrop', cache: 'pushAbsence', keys: [9] },
      { kind: 'refetch', agoMs: expect.any(Number), users: [1, 2], clients: [] },
    ]);
    expect(missed.take()).toEqual([]);
  });
});
