import { describe, expect, it } from 'vitest';
import { contact } from '../../state/conversations/fixtures';
import { FORWARD_MAX, forwardTargets, matchesTarget, toggleTarget, wireTarget } from './forward';

describe('forward targets', () => {
  const list = [
    contact(2, { displayName: 'Bob', lastSendTime: 2 }),
    contact('group-7', { displayName: '项目组', lastSendTime: 3 }),
    contact('admin_notice', { is_group: 2, displayName: '系统通知' }),
    contact(-1, { is_group: 3, displayName: '我的收藏', lastContent: '' }),
    contact(4, { displayName: 'Dave', lastContent: '' }),
    contact('group-9', { displayName: 'Quiet group', lastContent: '' }),
  ];

  it('lists recent chats first (groups included), then people and groups without history; never announcements', () => {
    const { recent, others } = forwardTargets(list);
    expect(recent.map((r) => r.id)).toEqual(['group-7', '2']);
    expect(others.map((r) => r.id)).toEqual(['4', '-1', 'group-9']);
  });

  it('refuses the sixth choice and lets a tap unselect', () => {
    let selected: string[] = [];
    for (const id of ['1', '2', '3', '4', '5']) selected = toggleTarget(selected, id).selected;
    expect(selected).toHaveLength(FORWARD_MAX);
    const sixth = toggleTarget(selected, '6');
    expect(sixth).toEqual({ selected, refused: true });
    expect(toggleTarget(selected, '3')).toEqual({ selected: ['1', '2', '4', '5'], refused: false });
  });

  it('filters by name and sends ids in their wire form', () => {
    const { recent } = forwardTargets(list);
    expect(recent.filter((r) => matchesTarget(r, 'bo')).map((r) => r.name)).toEqual(['Bob']);
    expect([wireTarget('12'), wireTarget('-1'), wireTarget('group-3')]).toEqual([12, -1, 'group-3']);
  });
});
