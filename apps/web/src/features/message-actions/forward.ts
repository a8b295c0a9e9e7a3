import { ContactKind, type Contact } from '@parley/protocol';
import { homeConversations, keyOf } from '../../state/conversations/model';

/**
 * Who a message can be forwarded to (PROTOCOL §4.6, spec §5: 1–5 targets): recent
 * conversations first (groups and "My favourites" included), then the rest of my contacts and
 * groups by name. Read-only conversations (announcements, system) are never targets.
 */

export interface ForwardTarget {
  /** Conversation id as a string: uid, "group-N" or "-1". */
  id: string;
  name: string;
  avatar: string;
  isGroup: boolean;
  /** For the search filter. */
  pinyin: string;
}

export const FORWARD_MAX = 5;

const canReceive = (c: Contact) =>
  c.is_group !== ContactKind.adminNotice && keyOf(c.id) !== 'admin_notice' && keyOf(c.id) !== 'system';

function toTarget(c: Contact): ForwardTarget {
  const extra = c as Contact & { name_py?: string };
  return {
    id: keyOf(c.id),
    name: c.displayName,
    avatar: c.avatar,
    isGroup: c.is_group === ContactKind.group,
    pinyin: extra.name_py ?? '',
  };
}

export function forwardTargets(contacts: readonly Contact[]): { recent: ForwardTarget[]; others: ForwardTarget[] } {
  const usable = contacts.filter(canReceive);
  const recent = homeConversations(usable).map(toTarget);
  const seen = new Set(recent.map((r) => r.id));
  const others = usable
    .filter((c) => !seen.has(keyOf(c.id)))
    .map(toTarget)
    .sort((a, b) => Number(a.isGroup) - Number(b.isGroup) || (a.pinyin || a.name).localeCompare(b.pinyin || b.name));
  return { recent, others };
}

export function matchesTarget(t: ForwardTarget, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || t.name.toLowerCase().includes(q) || t.pinyin.toLowerCase().includes(q);
}

/** A tap: select or unselect; the (max + 1)th is refused. */
export function toggleTarget(
  selected: readonly string[],
  id: string,
  max: number = FORWARD_MAX,
): { selected: string[]; refused: boolean } {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), refused: false };
  if (selected.length >= max) return { selected: [...selected], refused: true };
  return { selected: [...selected, id], refused: false };
}

/** Ids as the wire takes them: user ids and -1 as numbers, groups as "group-N". */
export const wireTarget = (id: string): number | string => (/^-?\d+$/.test(id) ? Number(id) : id);
