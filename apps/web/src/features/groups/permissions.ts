import { GroupRole, type GroupSetting } from '@parley/protocol';

/**
 * What my group role allows (PROTOCOL §6, spec §6), as pure functions so every screen shows
 * exactly the actions the server will accept. The server checks again.
 */

export const isOwner = (role: number | undefined) => role === GroupRole.owner;
/** Owner or manager: rename, notices, mute, remove members. */
export const isManager = (role: number | undefined) => role === GroupRole.owner || role === GroupRole.manager;

export type MemberAction = 'setManager' | 'unsetManager' | 'transfer' | 'mute' | 'unmute' | 'remove';

/**
 * Actions I may take on a member: owners and managers act on roles below theirs (a larger
 * number); only the owner sets managers and transfers ownership. Nothing on myself.
 */
export function memberActions(
  my: { id: number; role: number | undefined },
  target: { user_id: number; role: number; muted: boolean },
): MemberAction[] {
  if (my.id === target.user_id || !isManager(my.role) || my.role === undefined) return [];
  const out: MemberAction[] = [];
  if (isOwner(my.role)) {
    out.push(target.role === GroupRole.manager ? 'unsetManager' : 'setManager');
    out.push('transfer');
  }
  if (target.role > my.role) {
    out.push(target.muted ? 'unmute' : 'mute');
    out.push('remove');
  }
  return out;
}

/** Members may invite when the group allows it; owners and managers always. */
export function canInvite(role: number | undefined, setting: Partial<GroupSetting> | undefined): boolean {
  if (!role) return false;
  return isManager(role) || String(setting?.invite ?? '1') === '1';
}

/**
 * Group option `profile` (§6.1, enforced by the server too): may I open this member's card?
 * Myself, managers, members when the group allows it, and anyone already in my contacts.
 */
export function canOpenMemberCard(
  role: number | undefined,
  setting: Partial<GroupSetting> | undefined,
  isSelf: boolean,
  isContact: boolean,
): boolean {
  return isSelf || isContact || isManager(role ?? GroupRole.member) || String(setting?.profile ?? '0') === '1';
}

/** Clear history: the owner (system admins too, server side). */
export const canClearHistory = (role: number | undefined, isSystemAdmin = false) => isOwner(role) || isSystemAdmin;

export type SpeakBlock = { kind: 'group' } | { kind: 'member'; until: number } | null;

/**
 * Why I cannot speak in a group now: mute mode "1" lets only owner and managers speak, "2" only
 * the owner; a personal mute lasts until `noSpeakTime` (unix seconds).
 */
export function speakBlock(
  role: number | undefined,
  setting: Partial<GroupSetting> | undefined,
  noSpeakTime: number,
  nowMs: number,
): SpeakBlock {
  const mode = String(setting?.nospeak ?? '0');
  if (mode === '1' && !isManager(role)) return { kind: 'group' };
  if (mode === '2' && !isOwner(role)) return { kind: 'group' };
  if (!isOwner(role) && noSpeakTime * 1000 > nowMs) return { kind: 'member', until: noSpeakTime };
  return null;
}

/** A group contact's setting as the protocol shapes it (`[]` or missing → defaults). */
export function settingOf(raw: unknown): Partial<GroupSetting> {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Partial<GroupSetting>) : {};
}
