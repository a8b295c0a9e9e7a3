import type { ContactCardExtends } from '@parley/protocol';

/** A contact message's card, or null when its extends do not name a user (PROTOCOL §4.2). */
export function cardOf(ext: unknown): ContactCardExtends | null {
  if (typeof ext !== 'object' || ext === null) return null;
  const e = ext as Record<string, unknown>;
  const id = Number(e.id ?? e.user_id);
  if (!Number.isInteger(id) || id < 1) return null;
  return {
    id,
    displayName: typeof e.displayName === 'string' ? e.displayName : '',
    avatar: typeof e.avatar === 'string' ? e.avatar : '',
  };
}
