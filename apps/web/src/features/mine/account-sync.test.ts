import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultUserSetting, type SelfInfo } from '@parley/protocol';
import { currentLanguage, setLanguage } from '../../i18n';
import { useAuth } from '../../state/auth';
import { getDraft, setDraft } from '../../state/messages/drafts';

const saveSetting = vi.fn((_patch: Record<string, unknown>) => Promise.resolve(''));
vi.mock('../../lib/endpoints', () => ({ endpoints: { saveSetting: (p: Record<string, unknown>) => saveSetting(p) } }));
vi.mock('../../ui/dialogs', () => ({ dialogs: { toast: vi.fn() } }));
const { startAccountSync } = await import('./account-sync');

const self = (setting: Record<string, unknown>) =>
  ({ user_id: 7, account: 'alice01', realname: 'Alice', setting: { ...defaultUserSetting, ...setting } }) as SelfInfo;
/** What my other device's `updateSelf` does (features/mine/events.ts). */
const arrives = (setting: Record<string, unknown>) => {
  const me = useAuth.getState().userInfo;
  if (me) useAuth.getState().setUserInfo({ ...me, setting: { ...me.setting, ...setting } });
};

let stop: () => void = () => undefined;
beforeEach(async () => {
  vi.useFakeTimers();
  localStorage.clear();
  await setLanguage('zh-Hans');
  saveSetting.mockClear();
});
afterEach(async () => {
  stop();
  useAuth.getState().clear();
  vi.useRealTimers();
  await setLanguage('zh-Hans');
});

describe('the language follows the account (issue 42 #6)', () => {
  it('takes the account language at sign-in, and saves nothing back', async () => {
    useAuth.getState().setSession('tok', self({ language: 'en' }));
    stop = startAccountSync();
    await vi.waitFor(() => expect(currentLanguage()).toBe('en'));
    expect(saveSetting).not.toHaveBeenCalled();
  });

  it('saves a switch made here, and follows a switch made on another device', async () => {
    useAuth.getState().setSession('tok', self({ language: 'zh-Hans' }));
    stop = startAccountSync();
    await setLanguage('en');
    expect(saveSetting).toHaveBeenCalledWith({ language: 'en' });
    arrives({ language: 'zh-Hans' });
    await vi.waitFor(() => expect(currentLanguage()).toBe('zh-Hans'));
  });
});

describe('drafts follow the account', () => {
  it('saves a draft once typing pauses, and takes one typed on another device', async () => {
    useAuth.getState().setSession('tok', self({}));
    stop = startAccountSync();
    setDraft(7, '12', 'half a');
    setDraft(7, '12', 'half a sentence');
    await vi.advanceTimersByTimeAsync(1600);
    expect(saveSetting).toHaveBeenCalledTimes(1);
    expect(saveSetting).toHaveBeenLastCalledWith({ drafts: { '12': 'half a sentence' } });

    arrives({ drafts: { '12': 'half a sentence', 'group-3': '来自手机的草稿' } });
    expect(getDraft(7, 'group-3')).toBe('来自手机的草稿');
    // Sent on the other device: the draft goes here too.
    arrives({ drafts: { 'group-3': '来自手机的草稿' } });
    expect(getDraft(7, '12')).toBe('');
  });
});
