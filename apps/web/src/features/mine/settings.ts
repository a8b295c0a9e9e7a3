import { useEffect } from 'react';
import { defaultUserSetting, type SelfInfo, type UserSetting } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import { dialogs } from '../../ui/dialogs';
import { i18n } from '../../i18n';
import { useAuth } from '../../state/auth';

/**
 * My settings (PROTOCOL §2.4 `setting`): stored on the server with my account, so they follow me
 * to every device (`updateSelf` pushes), and read here by every screen. `isVibrate` is a Parley
 * key of the app setting `vibrateStatus` (spec §3, default off); the server keeps unknown keys.
 */
export type Settings = UserSetting & { isVibrate: boolean };

export function settingsOf(me: Pick<SelfInfo, 'setting'> | null | undefined): Settings {
  const s: Partial<Settings> = me?.setting ?? {};
  return { ...defaultUserSetting, isVibrate: false, ...s, sendKey: s.sendKey === 2 ? 2 : 1 };
}

export function useSettings(): Settings {
  return settingsOf(useAuth((s) => s.userInfo));
}

/** Outside React (notifications): the current value of one setting. */
export function currentSettings(): Settings {
  return settingsOf(useAuth.getState().userInfo);
}

/**
 * Applied at once (optimistic), then stored; a refused save puts the old value back and says so.
 */
export async function saveSetting(patch: Partial<Settings>): Promise<boolean> {
  const { userInfo, setUserInfo } = useAuth.getState();
  if (!userInfo) return false;
  const before = userInfo.setting;
  setUserInfo({ ...userInfo, setting: { ...settingsOf(userInfo), ...patch } });
  try {
    await endpoints.saveSetting(patch);
    return true;
  } catch {
    const now = useAuth.getState().userInfo;
    if (now) setUserInfo({ ...now, setting: before });
    dialogs.toast(i18n.t('me.setting.saveFailed'), { icon: 'error' });
    return false;
  }
}

/**
 * Round avatars on every screen at once: a class on <html> switches `--radius-avatar`, which the
 * Avatar component and every avatar-shaped box already use.
 */
export function useRoundAvatarRoot(): void {
  const round = useAuth((s) => Boolean(s.userInfo?.setting?.avatarCricle));
  useEffect(() => {
    document.documentElement.classList.toggle('round-avatars', round);
  }, [round]);
}
