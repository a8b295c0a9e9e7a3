import { describe, expect, it } from 'vitest';
import type { SelfInfo } from '@parley/protocol';
import { groupedRows, mineRows, type MineRow } from './rows';
import { settingsOf } from './settings';

const me = { user_id: 1, role: 0 } as SelfInfo;

describe('Me rows', () => {
  it('lists profile, security, Discover, settings, files, stickers, help and about in blocks', () => {
    expect(groupedRows(mineRows, me).map((b) => b.map((r) => r.id))).toEqual([
      ['profile', 'secure'],
      ['discover'],
      ['setting'],
      ['files', 'stickers'],
      ['help', 'about'],
    ]);
  });

  it('shows the admin console row to administrators only', () => {
    expect(
      groupedRows(mineRows, { ...me, role: 2 })
        .flat()
        .map((r) => r.id),
    ).toContain('admin');
    expect(
      groupedRows(mineRows, me)
        .flat()
        .map((r) => r.id),
    ).not.toContain('admin');
  });

  it('takes another area’s row with one entry, shown only to whom it says', () => {
    const admin: MineRow = { id: 'admin', group: 0, label: 'x', to: 'about', visible: (u) => u.role === 1 };
    expect(
      groupedRows([...mineRows, admin], me)
        .flat()
        .map((r) => r.id),
    ).not.toContain('admin');
    expect(groupedRows([...mineRows, admin], { ...me, role: 1 })[0]?.map((r) => r.id)).toEqual(['admin']);
  });
});

describe('settings', () => {
  it('fills the protocol defaults, with vibration off and Enter to send', () => {
    expect(settingsOf(null)).toMatchObject({ isVoice: true, avatarCricle: false, isVibrate: false, sendKey: 1 });
    expect(settingsOf({ setting: { sendKey: 2, isVoice: false } as SelfInfo['setting'] })).toMatchObject({
      sendKey: 2,
      isVoice: false,
    });
  });
});
