import { describe, expect, it } from 'vitest';
import { message } from '../../state/conversations/fixtures';
import { menuActions, type MenuContext } from '../message-actions/rules';

/** "Add to stickers" in the message menu (issue 5): offered where emoji/add can work. */

const ctx: MenuContext = {
  myId: 1,
  isGroup: false,
  redoTime: 120,
  dbDelMsg: 1,
  canCompose: true,
  now: 1_700_000_000_000,
};
const theirs = (over = {}) => message({ from: 2, sendTime: ctx.now - 60_000, ...over });

describe('add to stickers in the message menu', () => {
  it('is offered on a received picture or sticker that names its file, after forward', () => {
    expect(menuActions(theirs({ type: 'image', file_id: 9 }), ctx)).toEqual([
      'quote',
      'forward',
      'addSticker',
      'remove',
    ]);
    expect(menuActions(theirs({ type: 'emoji', file_id: 9 }), ctx)).toContain('addSticker');
  });

  it('is not offered on texts, on pictures without a file, or on recalled lines', () => {
    expect(menuActions(theirs(), ctx)).not.toContain('addSticker');
    expect(menuActions(theirs({ type: 'image' }), ctx)).not.toContain('addSticker');
    expect(menuActions(theirs({ type: 'image', file_id: 9, is_undo: 1 }), ctx)).not.toContain('addSticker');
  });
});
