import {
  bindEmailParams,
  checkVersionParams,
  editAccountParams,
  editPasswordParams,
  getUserInfoParams,
  loginParams,
  logoutParams,
  registerParams,
  resetPasswordParams,
  sendCodeParams,
  settingParams,
  updateUserInfoParams,
  type LoginResult,
  type RegisterResult,
  type SelfInfo,
  type UserCard,
} from '../auth';
import { clientErrorParams, type ClientErrorAnswer } from '../client-errors';
import type { SystemInfo, VersionInfo } from '../config';
import { noParams } from '../contacts';
import { paths } from '../paths';
import { bindGroupParams, bindUidParams, offlineParams } from '../socket';
import { data, done, type EndpointDef } from './define';

/** Accounts, my profile, system info and socket binding (PROTOCOL §2, §12.1, §11.2, §15). */
export const accountEndpoints = {
  [paths.login]: { auth: 'none', params: loginParams, answer: data<LoginResult>() },
  /** Without a valid token it still answers code 0: there is nothing left to end. */
  [paths.logout]: { auth: 'optional', params: logoutParams, answer: done() },
  [paths.register]: { auth: 'none', params: registerParams, answer: data<RegisterResult>() },
  /** Types 3–4 without `account` read the caller's own address, hence the optional login. */
  [paths.sendCode]: { auth: 'optional', params: sendCodeParams, answer: done() },
  [paths.resetPassword]: { auth: 'none', params: resetPasswordParams, answer: done() },
  [paths.editPassword]: { auth: 'required', params: editPasswordParams, answer: done() },
  [paths.editAccount]: { auth: 'required', params: editAccountParams, answer: done() },
  /** Parley extension: bind or change my e-mail with codes (see bindEmailParams). */
  [paths.bindEmail]: { auth: 'required', params: bindEmailParams, answer: data<SelfInfo>() },
  [paths.getUserInfo]: { auth: 'required', params: getUserInfoParams, answer: data<UserCard>() },
  [paths.updateUserInfo]: { auth: 'required', params: updateUserInfoParams, answer: data<SelfInfo>() },
  [paths.setting]: { auth: 'required', params: settingParams, answer: done() },
  /** Signed-in callers also get the STUN/TURN credentials (§12.1). */
  [paths.getSystemInfo]: { auth: 'optional', params: noParams, answer: data<SystemInfo>() },
  [paths.checkVersion]: { auth: 'none', params: checkVersionParams, answer: data<VersionInfo>() },
  /** Reports from screens that crashed before or after login alike. */
  [paths.clientError]: { auth: 'optional', params: clientErrorParams, answer: data<ClientErrorAnswer>() },
  [paths.bindUid]: { auth: 'required', params: bindUidParams, answer: done() },
  [paths.bindGroup]: { auth: 'required', params: bindGroupParams, answer: done() },
  [paths.offline]: { auth: 'required', params: offlineParams, answer: done() },
} as const satisfies Record<string, EndpointDef>;
