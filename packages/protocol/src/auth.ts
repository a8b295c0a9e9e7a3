import { z } from 'zod';
import { t } from './coerce';
import type { Role } from './constants';

/**
 * Accounts (PROTOCOL §2). Schemas check shape and type only; length and format rules are
 * business rules with their own catalogue keys (account.length, account.passwordLength, …),
 * checked by the server and mirrored by the web forms.
 */

export const loginParams = z.object({
  account: t.str.opt(),
  password: t.password.opt(),
  code: t.str.opt(),
  client_id: t.str.opt(),
  terminal: t.str.opt(),
  token: t.str.opt(),
});
export type LoginParams = z.infer<typeof loginParams>;

/**
 * `setting` (§2.3): every body key is a setting of mine; the server coerces the ones it knows and
 * ignores the rest, so the schema only asks for an object.
 */
export const settingParams = z.record(z.string(), z.unknown());

export const logoutParams = z.object({ client_id: t.str.opt() });

export const registerParams = z.object({
  account: t.str.req(),
  realname: t.str.req(),
  password: t.password.req(),
  code: t.str.opt(),
  inviteCode: t.str.opt(),
  email: t.str.opt(),
  sex: t.int.def(2),
});
export type RegisterParams = z.infer<typeof registerParams>;

/** sendCode types (§2.4), kept in a zod-free file. */
export { CodeType } from './code-types';

export const sendCodeParams = z.object({ account: t.str.opt(), type: t.int.def(1) });

export const editPasswordParams = z.object({
  password: t.password.req(),
  originalPassword: t.password.opt(),
  code: t.str.opt(),
});

export const editAccountParams = z.object({ account: t.str.req(), code: t.str.opt(), newCode: t.str.opt() });

/**
 * Parley extension: "forgot password" without a session. The code is a sendCode type 3 sent to
 * the account (or, for an account that is neither mobile nor e-mail, to its e-mail address).
 * Every session of the user is revoked; the client then logs in with the new password.
 */
export const resetPasswordParams = z.object({ account: t.str.req(), code: t.str.req(), password: t.password.req() });
export type ResetPasswordParams = z.infer<typeof resetPasswordParams>;

export const updateUserInfoParams = z.object({
  realname: t.str.opt(),
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().optional()),
  motto: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().optional()),
  sex: t.int.opt(),
});

export const getUserInfoParams = z.object({ user_id: t.uid.req() });

/**
 * Parley extension push `updateUser` (§11.4): a user's public face changed (name, avatar, motto,
 * gender) → their contact set, fellow group members and their own other connections.
 */
export interface UserUpdatedEvent {
  user_id: number;
  realname: string;
  avatar: string;
  motto: string;
  sex: number;
}

export const checkVersionParams = z.object({
  release: t.int.opt(),
  version: t.str.opt(),
  setupPage: t.flag.def(0),
  type: t.int.opt(),
});

/** Per-user settings (§2.4 `setting`); switches are booleans, sendKey an int. */
export interface UserSetting {
  sendKey: 1 | 2;
  theme: string;
  isVoice: boolean;
  avatarCricle: boolean;
  hideMessageName: boolean;
  hideMessageTime: boolean;
  [key: string]: unknown;
}

export const defaultUserSetting: UserSetting = {
  sendKey: 1,
  theme: 'default',
  isVoice: true,
  avatarCricle: false,
  hideMessageName: false,
  hideMessageTime: false,
};

/** The Self object (§2.4): what a user sees of their own account. */
export interface SelfInfo {
  id: number;
  user_id: number;
  account: string;
  realname: string;
  displayName: string;
  avatar: string;
  email: string;
  sex: number;
  motto: string;
  role: Role;
  status: 0 | 1;
  is_auth: 0 | 1;
  name_py: string;
  cs_uid: number;
  friend_limit: number;
  group_limit: number;
  last_login_time: number;
  last_login_ip: string;
  qrUrl: string;
  setting: UserSetting;
}

export interface LoginResult {
  sessionId: string;
  authToken: string;
  userInfo: SelfInfo;
}

export interface RegisterResult {
  user_id: number;
  account: string;
  realname: string;
}

/** User card answered by getUserInfo / searchUser (§3.2). */
export interface UserCard {
  id: number;
  user_id: number;
  account: string;
  realname: string;
  displayName: string;
  avatar: string;
  sex: number;
  motto: string;
  email: string;
  name_py: string;
  location: string;
  last_login_ip: string;
  is_online: 0 | 1;
  friend:
    | ''
    | { friend_id: number; nickname: string; status: number; is_top: number; is_notice: number; create_time: number };
  /** §18: department (0 = none), its name ("" for none) and position. */
  dep_id: number;
  dep_name: string;
  position: string;
}
