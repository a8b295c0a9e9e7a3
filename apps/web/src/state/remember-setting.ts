import type { UserSetting } from '@parley/protocol';
import { endpoints } from '../lib/endpoints';
import { useAuth } from './auth';

/**
 * A choice this device made that the account should remember (the language, notifications,
 * drafts: issue 42 #6), saved quietly: a failed save only means another device does not follow
 * this time. Nothing is sent when the account already holds these values.
 */
export function rememberSetting(patch: Partial<UserSetting>): void {
  const { userInfo, setUserInfo } = useAuth.getState();
  if (!userInfo) return;
  const now: Record<string, unknown> = userInfo.setting;
  const changed = Object.entries(patch).some(([k, v]) => JSON.stringify(now[k]) !== JSON.stringify(v));
  if (!changed) return;
  setUserInfo({ ...userInfo, setting: { ...userInfo.setting, ...patch } });
  endpoints.saveSetting(patch).catch(() => undefined);
}
