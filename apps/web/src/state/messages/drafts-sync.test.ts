import { describe, expect, it } from 'vitest';
import { syncedDraftLimits } from '@parley/protocol';
import { draftsToSync, mergeDrafts } from './drafts-sync';

describe('the drafts the account carries (issue 42 #6)', () => {
  it('carries the most recently edited drafts, and leaves long ones on their device', () => {
    const long = '长'.repeat(syncedDraftLimits.chars + 1);
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`c${i}`, `draft ${i}`]));
    const out = draftsToSync({ ...many, long });
    expect(Object.keys(out)).toEqual(Array.from({ length: 10 }, (_, i) => `c${i + 4}`));
  });

  it('stays within its byte budget', () => {
    const big = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, '字'.repeat(190)]));
    const out = draftsToSync(big);
    expect(new TextEncoder().encode(JSON.stringify(out)).length).toBeLessThanOrEqual(syncedDraftLimits.bytes);
    expect(Object.keys(out)).toContain('c9');
  });
});

describe('merging the account drafts into this device', () => {
  it('takes drafts written on another device and drops those sent there', () => {
    const local = { '2': 'mine, unchanged', '3': 'about to be sent elsewhere' };
    const base = { '2': 'mine, unchanged', '3': 'about to be sent elsewhere' };
    const remote = { '2': 'mine, unchanged', '5': 'typed on the phone' };
    expect(mergeDrafts(local, base, remote)).toEqual({ '2': 'mine, unchanged', '5': 'typed on the phone' });
  });

  it('keeps what only this device has (never synced) and what it changed since', () => {
    const local = { '2': 'edited here since', '9': 'a long draft that never synced' };
    expect(mergeDrafts(local, { '2': 'old' }, { '2': 'old' })).toEqual(local);
  });

  it('on a device that saw nothing yet, takes every account draft and deletes nothing', () => {
    expect(mergeDrafts({ '4': 'here' }, {}, { '5': 'there' })).toEqual({ '4': 'here', '5': 'there' });
  });
});
