import { z } from 'zod';
import { item, paging, t } from './coerce';

/**
 * The organization (PROTOCOL §18, Parley extension): departments for runMode 1, a user's
 * department and position, and the admin's tree editor and CSV import.
 *
 * Decisions where §18 is silent:
 * - A department name is 1–32 characters, without `/` (the import's path separator), unique among
 *   its siblings (`org.nameTaken`). `sort` is an integer, smaller first; a new department goes last
 *   among its siblings.
 * - `memberCount` counts live (enabled, not deleted) users of the department and of everything
 *   below it; `org/members` lists the same people.
 * - `org/members` with `dep_id` 0 lists the people without a department; with `dep_id` 0 and
 *   `recursive` 1, the whole company. `keywords` matches realname, account, name_py and position
 *   (substring, case-insensitive). Rows are ordered by name_py, then id. `limit` may be up to
 *   `orgLimits.membersPageMax`, so a client can page a 2,000-person department in a few calls.
 * - `dep_id` that names no department → 400 `org.notFound` (user/add, user/edit, move, members).
 * - `orgChanged {version}`: `version` is the server's time of the change in ms, so a later
 *   change carries a larger number; clients refetch the tree and open member lists on it. It is
 *   pushed after departments change and after people join, leave or move between departments
 *   (user/add, user/edit of dep_id/position/name/status, user/del, setStatus, move, import,
 *   the directory's sign-in and sync), and in runMode 1 after someone registers or signs up through
 *   SSO (they join the company without a department). In runMode 2 a registration pushes nothing:
 *   only administrators see the organization there, and an open sign-up would otherwise reach
 *   every bound connection.
 * - The admin endpoints work in either runMode (an administrator prepares the tree before
 *   switching to runMode 1); only `org/tree` and `org/members` refuse ordinary users in runMode 2.
 */

export const orgLimits = {
  nameMax: 32,
  positionMax: 32,
  /** How deep the tree may grow (the import's paths and `edit` moves are held to it). */
  depthMax: 16,
  membersPageMax: 500,
  importRowsMax: 5000,
  importFileBytes: 4 * 1024 * 1024,
} as const;

export interface Department {
  id: number;
  name: string;
  /** 0 = a top-level department (directly under the company). */
  parent_id: number;
  sort: number;
  /** Live users in this department and every department below it. */
  memberCount: number;
  children: Department[];
}

export interface OrgMember {
  user_id: number;
  realname: string;
  displayName: string;
  avatar: string;
  dep_id: number;
  dep_name: string;
  position: string;
  is_online: 0 | 1;
}

export interface OrgChangedEvent {
  version: number;
}

/** The three fields §18 adds to a person (contact `extra`, getUserInfo, cards). */
export interface OrgFields {
  dep_id: number;
  dep_name: string;
  position: string;
}

export const orgMembersParams = z.object({
  dep_id: t.int.req(),
  recursive: t.flag.def(0),
  keywords: t.str.def(''),
  ...paging,
});
export const orgAddParams = z.object({ name: t.str.req(), parent_id: t.int.def(0), sort: t.int.opt() });
export const orgEditParams = z.object({
  id: t.int.req(),
  name: t.str.opt(),
  parent_id: t.int.opt(),
  sort: t.int.opt(),
});
export const orgDelParams = z.object({ id: t.int.req() });
export const orgMoveParams = z.object({ user_ids: t.list(item.uid).req(), dep_id: t.int.req() });

/** One line of an import's answer: `line` is the file's line number (the header is line 1). */
export interface OrgImportRow {
  line: number;
  account: string;
  result: 'created' | 'updated' | 'error';
  /** The reason of an error, in the caller's language; "" otherwise. */
  msg: string;
}

/**
 * `/manage/org/import` (multipart): `file` is a UTF-8 CSV (a byte-order mark is allowed; at most
 * `importRowsMax` rows and `importFileBytes`), `preview` 1 checks every row and answers what would
 * happen without writing anything. Decisions where §18 is silent:
 * - An empty `department` cell means "no department" (dep_id 0); `position` empty clears it.
 * - Existing users (by account) get their department and position updated; their name and e-mail
 *   are left as they are. A deleted account's name stays taken (`account.exists`); the
 *   super-administrator's row is changed only by that administrator (`admin.protectedUser`).
 * - New users get no usable local password: they sign in by code, reset, or single sign-on.
 * - Rows are written in transactions of a few hundred; a row that fails is answered `error` with
 *   its reason and leaves nothing behind, the other rows are written.
 * - `msg` of the envelope summarises (`org.imported` / `org.importChecked`).
 */
export const orgImportParams = z.object({ preview: t.flag.def(0) });

/** The import's header, in this order (§18). */
export const orgImportColumns = ['account', 'realname', 'email', 'department', 'position'] as const;
