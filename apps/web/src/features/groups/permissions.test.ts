import { describe, expect, it } from 'vitest';
import { canClearHistory, canInvite, memberActions, speakBlock } from './permissions';

const me = (role: number) => ({ id: 1, role });
const target = (role: number, muted = false) => ({ user_id: 2, role, muted });

describe('memberActions', () => {
  it('lets the owner manage managers and members, including transfer', () => {
    expect(memberActions(me(1), target(3))).toEqual(['setManager', 'transfer', 'mute', 'remove']);
    expect(memberActions(me(1), target(2))).toEqual(['unsetManager', 'transfer', 'mute', 'remove']);
  });
  it('lets a manager mute and remove members only, never other managers or the owner', () => {
    expect(memberActions(me(2), target(3))).toEqual(['mute', 'remove']);
    expect(memberActions(me(2), target(2))).toEqual([]);
    expect(memberActions(me(2), target(1))).toEqual([]);
  });
  it('offers unmute for a muted member', () => {
    expect(memberActions(me(2), target(3, true))).toEqual(['unmute', 'remove']);
  });
  it('gives members nothing, and nobody actions on themselves', () => {
    expect(memberActions(me(3), target(3))).toEqual([]);
    expect(memberActions({ id: 2, role: 1 }, target(1))).toEqual([]);
  });
});

describe('canInvite / canClearHistory', () => {
  it('follows the invite setting for members; owner and managers always invite', () => {
    expect(canInvite(3, { invite: '1' })).toBe(true);
    expect(canInvite(3, { invite: '0' })).toBe(false);
    expect(canInvite(2, { invite: '0' })).toBe(true);
    expect(canInvite(undefined, { invite: '1' })).toBe(false);
  });
  it('lets only the owner (or a system admin) clear history', () => {
    expect(canClearHistory(1)).toBe(true);
    expect(canClearHistory(2)).toBe(false);
    expect(canClearHistory(3, true)).toBe(true);
  });
});

describe('speakBlock', () => {
  const now = 1_700_000_000_000;
  it('mute mode 1 silences members but not managers', () => {
    expect(speakBlock(3, { nospeak: '1' }, 0, now)).toEqual({ kind: 'group' });
    expect(speakBlock(2, { nospeak: '1' }, 0, now)).toBeNull();
  });
  it('mute mode 2 leaves only the owner', () => {
    expect(speakBlock(2, { nospeak: '2' }, 0, now)).toEqual({ kind: 'group' });
    expect(speakBlock(1, { nospeak: '2' }, 0, now)).toBeNull();
  });
  it('a personal mute lasts until its end time', () => {
    const until = now / 1000 + 600;
    expect(speakBlock(3, { nospeak: '0' }, until, now)).toEqual({ kind: 'member', until });
    expect(speakBlock(3, { nospeak: '0' }, until, (until + 1) * 1000)).toBeNull();
  });
});
