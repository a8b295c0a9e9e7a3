import { z } from 'zod';
import { t } from './coerce';
import type { Role } from './constants';

/**
 * Accounts (PROTOCOL §2). Schemas check shape and type only; length and format rules are
 * business rules with their own catalogue keys (account.length, account.passwordLength, …),
 * checked by the server and mirrored by the web forms.
 */

/**
 * `account` is the account name, or (Parley extension) a **bound e-mail**: when no live account
 * has that exact name and it is an e-mail address, the one live account whose verified e-mail
 * (`email_auth` 1, compared case-insensitively) it is signs in — by password or by a type-1 code
 * sent to that address. An unverified `email` (set by updateUserInfo or an administrator) is
 * never looked up: anyone may type any address there. Unknown, unverified and ambiguous
 * addresses all answer `auth.badCredentials`, as an unknown account does (§2.4).
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

/**
 * §2.4 sendCode. Types 1 and 3 also deliver to a bound e-mail (see `loginParams`): the code is
 * filed under the address as typed, and login / resetPassword check it under the same text. An
 * address bound to nobody answers `code.sent` like a bound one and nothing is sent, so the
 * answer reveals neither accounts nor addresses. Type 4 with `account` = an e-mail address
 * (signed in) is the code bindEmail asks for, to the new address or to the one bound now.
 */
export const sendCodeParams = z.object({ account: t.str.opt(), type: t.int.def(1) });

export const editPasswordParams = z.object({
  password: t.password.req(),
  originalPassword: t.password.opt(),
  code: t.str.opt(),
});

/**
 * §2.4 editAccount. Parley extension: `account` equal to my own with `newCode` (a type 4 sent to
 * it) verifies a mobile or e-mail account that never was (`is_auth` 1; an e-mail account's own
 * address gets `email_auth` 1 too). Without `newCode` it stays the no-op it always was.
 */
export const editAccountParams = z.object({ account: t.str.req(), code: t.str.opt(), newCode: t.str.opt() });

/**
 * Parley extension: "forgot password" without a session. The code is a sendCode type 3 sent to
 * the account (or, for an account that is neither mobile nor e-mail, to its e-mail address).
 * `account` may also be a bound e-mail, found as login finds it; the code is then the one sent
 * to that address. Every session of the user is revoked; the client then logs in with the new
 * password.
 */
export const resetPasswordParams = z.object({ account: t.str.req(), code: t.str.req(), password: t.password.req() });
export type ResetPasswordParams = z.infer<typeof resetPasswordParams>;

/**
 * `email` here sets an unverified address (`email_auth` 0), as compatible clients expect. A
 * verified one is changed only by bindEmail (a code to the old address first), so a stolen
 * session cannot move the address that signs in and resets the password: changing it here
 * answers 400 `account.emailBound`. Sending the same address again is a no-op.
 */
export const updateUserInfoParams = z.object({
  realname: t.str.opt(),
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().optional()),
  motto: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().optional()),
  sex: t.int.opt(),
});

/**
 * Parley extension `POST /enterprise/im/bindEmail` (T): bind or change my e-mail, proved by a
 * code. `newCode` is a sendCode type 4 sent to `email`; `code` (required while my current
 * e-mail is verified and differs from `email`) a type 4 sent to that current address. On
 * success `email` = the new address and `email_auth` 1; when it equals my account (an e-mail
 * account), `is_auth` becomes 1 too — that is how an e-mail account gets verified. An address
 * that is another live user's account or verified e-mail → 400 `account.emailTaken`, checked
 * only after `newCode`, so only the owner of the mailbox learns it. Other sessions stay signed
 * in (the password did not change). data: Self.
 */
export const bindEmailParams = z.object({ email: t.str.req(), code: t.str.opt(), newCode: t.str.req() });
export type BindEmailParams = z.infer<typeof bindEmailParams>;

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
  /**
   * Parley keys the server keeps as it keeps any unknown key (§2.4, 4 KB in all), so a choice made
   * in one browser follows the account to every other (issue 42 #6). Absent until first chosen.
   * Not `lang`: that name is request plumbing the server strips from a settings body.
   */
  /** The interface language, `zh-Hans` or `en`; a signed-in browser takes it over its own. */
  language?: string;
  /** System notifications wanted (Me → Settings); each browser still needs its own permission. */
  notify?: boolean;
  /**
   * Unsent text per conversation id (PROTOCOL has no draft call; settings are what every device
   * already receives, `updateSelf`). Kept small: only the most recently edited drafts of at most
   * {@link syncedDraftLimits}.chars characters, up to {@link syncedDraftLimits}.count of them and
   * {@link syncedDraftLimits}.bytes of JSON; a longer or older draft stays on its own device.
   */
  drafts?: Record<string, string>;
  /** The notification offer was made once for this account (issue 42 #7). */
  notifyAsked?: boolean;
  [key: string]: unknown;
}

/** The bounds of the synced `drafts` setting (above), leaving the 4 KB to the other settings. */
export const syncedDraftLimits = { count: 10, chars: 200, bytes: 2048 } as const;

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
  /**
   * Parley extension: 1 when `email` was proved by a code (bindEmail, or registering /
   * editAccount to an e-mail account with a code). Only such an address signs in and resets
   * the password in place of the account name (`loginParams`). Compatible clients ignore it.
   */
  email_auth: 0 | 1;
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
