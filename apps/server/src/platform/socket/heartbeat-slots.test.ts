import { describe, expect, it } from 'vitest';
import { HEARTBEAT_SLOTS, HeartbeatSlots } from './heartbeat-slots';

describe('HeartbeatSlots', () => {
  it('visits each item once a round, the first a whole round after it came, and forgets one removed', () => {
    const slots = new HeartbeatSlots<string>();
    for (const id of ['a', 'b', 'c']) slots.add(id);
    slots.remove('b');
    const visits: string[][] = [];
    for (let i = 0; i < HEARTBEAT_SLOTS; i++) visits.push([...slots.advance()]);
    expect(visits.flat().sort()).toEqual(['a', 'c']);
    expect(visits[HEARTBEAT_SLOTS - 1]).toEqual(['a']); // the first: a full period later
    expect(visits[1]).toEqual(['c']);
  });
});
