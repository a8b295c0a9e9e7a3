import {
  APP_VERSION,
  VERSION_CODE,
  paths,
  type CodeType,
  type LoginResult,
  type RegisterResult,
  type SystemInfo,
  type VersionInfo,
} from '@parley/protocol';
import { api, type RequestOptions } from './api-client';

/**
 * Typed calls per endpoint (PROTOCOL §2, §12.1, §15). Parameter shapes mirror the protocol's
 * zod schemas; these are the input (pre-coercion) forms the client sends.
 */

export interface LoginInput {
  account: string;
  password: string;
  client_id?: string;
}
export interface RegisterInput {
  account: string;
  realname: string;
  password: string;
  code?: string;
  inviteCode?: string;
  email?: string;
}

export const endpoints = {
  login: (input: LoginInput) => api.post<LoginResult>(paths.login, input),
  logout: (clientId?: string) =>
    api.post<''>(paths.logout, clientId ? { client_id: clientId } : {}, { quietSuccess: true }),
  register: (input: RegisterInput, options?: RequestOptions) => api.post<RegisterResult>(paths.register, input, options),
  sendCode: (account: string, type: CodeType) => api.post<''>(paths.sendCode, { account, type }),
  getSystemInfo: () => api.post<SystemInfo>(paths.getSystemInfo, {}, { quietSuccess: true }),
  checkVersion: () =>
    api.post<VersionInfo>(
      paths.checkVersion,
      { release: VERSION_CODE, version: APP_VERSION, setupPage: 1 },
      { quietSuccess: true },
    ),
};
