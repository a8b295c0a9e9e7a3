import { describe, expect, it } from 'vitest';
import { message } from '../../state/conversations/fixtures';
import { canRecall, menuActions, type MenuContext } from './rules';

const ME = 1;
const NOW = 1_700_000_000_000;
const ctx = (over: Partial<MenuContext> = {}): MenuContext => ({
  myId: ME,
  isGroup: false,
  redoTime: 120,
  dbDelMsg: 1,
  canCompose: true,
  now: NOW,
  ...over,
});
const mine = (over = {}) => message({ from: ME, sendTime: NOW - 60_000, ...over });
const theirs = (over = {}) => message({ from: 2, sendTime: NOW - 60_000, ...over });

describe('message menu rules', () => {
  it('offers everything on my fresh text in a single chat', () => {
    expect(menuActions(mine(), ctx())).toEqual(['copy', 'quote', 'forward', 'recall', 'delete', 'remove']);
  });

  it("offers no recall or delete for everyone on someone else's message", () => {
    expect(menuActions(theirs(), ctx())).toEqual(['copy', 'quote', 'forward', 'remove']);
  });

  it('hides Recall once the window has passed, and when the window is off', () => {
    const old = mine({ sendTime: NOW - 121_000 });
    expect(menuActions(old, ctx())).not.toContain('recall');
    expect(canRecall(mine(), ctx({ redoTime: 0 }))).toBe(false);
    // Seconds in old rows count the same as milliseconds (PROTOCOL §1.4).
    expect(canRecall(mine({ sendTime: Math.floor((NOW - 60_000) / 1000) }), ctx())).toBe(true);
  });

  it("lets the group owner recall any message at any time, managers their own and members' ones", () => {
    const old = { sendTime: NOW - 10 * 86_400_000 };
    const owner = ctx({ isGroup: true, myRole: 1 });
    const manager = ctx({ isGroup: true, myRole: 2 });
    const member = ctx({ isGroup: true, myRole: 3 });
    expect(canRecall(theirs({ ...old, role: 2 }), owner)).toBe(true);
    expect(canRecall(theirs({ ...old, role: 3 }), manager)).toBe(true);
    expect(canRecall(theirs({ ...old, role: 2 }), manager)).toBe(false);
    expect(canRecall(theirs({ ...old, role: 1 }), manager)).toBe(false);
    expect(canRecall(mine(old), manager)).toBe(true);
    expect(canRecall(theirs({ role: 3 }), member)).toBe(false);
    expect(canRecall(mine(old), member)).toBe(false);
    expect(canRecall(mine(), member)).toBe(true);
  });

  it('offers delete for everyone only when the site allows it and the message is mine', () => {
    expect(menuActions(mine(), ctx({ dbDelMsg: 0 }))).not.toContain('delete');
    expect(menuActions(theirs(), ctx({ isGroup: true, myRole: 1 }))).not.toContain('delete');
  });

  it('gives event lines, recall lines and call records only "delete for me"', () => {
    expect(menuActions(mine({ type: 'event' }), ctx())).toEqual(['remove']);
    expect(menuActions(mine({ type: 'webrtc' }), ctx())).toEqual(['remove']);
    expect(menuActions(mine({ is_undo: 1 }), ctx({ isGroup: true, myRole: 1 }))).toEqual(['remove']);
  });

  it('copies only texts, quotes only where the composer works, never recalls announcements', () => {
    expect(menuActions(theirs({ type: 'image' }), ctx())).toEqual(['quote', 'forward', 'remove']);
    expect(menuActions(theirs(), ctx({ canCompose: false }))).toEqual(['copy', 'forward', 'remove']);
    expect(menuActions(mine({ is_group: 2 }), ctx())).not.toContain('recall');
  });
});
