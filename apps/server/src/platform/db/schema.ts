import type { Generated } from 'kysely';
import type { ChatTables } from './schema-chat';
import type { GroupTables } from './schema-groups';
import type { FileTables } from './schema-files';
import type { MomentTables } from './schema-moments';
import type { PushTables } from './schema-push';
import type { SsoTables } from './schema-sso';

/**
 * `Generated<T>` marks columns with a database default (optional on insert).
 * Table types. Conventions (both dialects): ids are integers; switches are integers 0/1;
 * times are integer unix SECONDS unless the column name ends in `_ms`; JSON is stored as text.
 */

export interface UsersTable {
  id: Generated<number>;
  account: string;
  realname: string;
  password_hash: string;
  email: Generated<string>;
  sex: Generated<number>;
  motto: Generated<string>;
  avatar: Generated<string>;
  role: Generated<number>;
  status: Generated<number>;
  is_auth: Generated<number>;
  /** 1 = `email` was proved by a code (bindEmail); only then it may stand for the account (issue 42). */
  email_auth: Generated<number>;
  name_py: Generated<string>;
  cs_uid: Generated<number>;
  friend_limit: Generated<number>;
  group_limit: Generated<number>;
  last_login_time: Generated<number>;
  last_login_ip: Generated<string>;
  login_count: Generated<number>;
  /** JSON object of the user's settings, merged over defaultUserSetting on read. */
  setting: string;
  register_ip: Generated<string>;
  create_time: number;
  update_time: number;
  /** 0 = live; set when an admin deletes the account (rows stay for message history). */
  delete_time: Generated<number>;
  /** An administrator's private note on the user (§12.3 user/add, user/edit). */
  remark: Generated<string>;
  /** §18: the user's department (0 = none) and position (job title). */
  dep_id: Generated<number>;
  position: Generated<string>;
}

export interface SessionsTable {
  jti: string;
  user_id: number;
  terminal: string;
  iat: number;
  exp: number;
  revoked: Generated<number>;
  /** '' while live; 'kicked' | 'logout' | 'password' | 'account' | 'admin' once revoked. */
  revoke_reason: Generated<string>;
  revoke_time: Generated<number>;
}

export interface ConfigTable {
  name: string;
  /** JSON text. */
  value: string;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  account: string;
  type: number;
  code: string;
  create_time: number;
  expire_time: number;
  tries: Generated<number>;
  used: Generated<number>;
}

export interface LoginAttemptsTable {
  /** Lower-cased account + "|" + IP. */
  key: string;
  failures: Generated<number>;
  last_failure_time: Generated<number>;
}

export interface InviteCodesTable {
  id: Generated<number>;
  code: string;
  creator_id: Generated<number>;
  /** 0 = unlimited. */
  max_uses: Generated<number>;
  uses: Generated<number>;
  /** 0 = never expires. */
  expire_time: Generated<number>;
  create_time: number;
}

export interface AdminAuditTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: Generated<string>;
  target_id: Generated<string>;
  /** JSON object text. */
  detail: Generated<string>;
  ip: Generated<string>;
  create_time: number;
}

export interface AdminLeasesTable {
  name: string;
  holder: Generated<string>;
  /** Unix seconds; the lease is free once this has passed. */
  until_time: Generated<number>;
}

/** §18: one department; `parent_id` 0 = top level (modules/org). */
export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  parent_id: Generated<number>;
  sort: Generated<number>;
  create_time: number;
  update_time: number;
}

export interface DB extends ChatTables, GroupTables, FileTables, MomentTables, PushTables, SsoTables {
  admin_audit: AdminAuditTable;
  admin_leases: AdminLeasesTable;
  departments: DepartmentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  config: ConfigTable;
  verification_codes: VerificationCodesTable;
  login_attempts: LoginAttemptsTable;
  invite_codes: InviteCodesTable;
}
