import { syncedDraftLimits } from '@parley/protocol';
import { z } from 'zod';
import { readStored, writeStored } from '../../lib/stored-json';

/**
 * Drafts follow the account (issue 42 #6) through its settings' `drafts` key (packages/protocol
 * `UserSetting.drafts`: PROTOCOL has no draft call, and every device already receives settings).
 * Pure parts here; account-sync.ts wires them to the store and the server.
 */
export type DraftMap = Record<string, string>;

const encoder = new TextEncoder();
const bytes = (m: DraftMap) => encoder.encode(JSON.stringify(m)).length;

/**
 * What the account carries of this device's drafts: the most recently edited (the map's order
 * is recency, newest last) that are short enough, within the count and the byte budget.
 */
export function draftsToSync(mine: DraftMap): DraftMap {
  const out: [string, string][] = [];
  for (const [id, text] of Object.entries(mine).reverse()) {
    if (out.length >= syncedDraftLimits.count) break;
    if ([...text].length > syncedDraftLimits.chars) continue;
    const next = [[id, text] as [string, string], ...out];
    if (bytes(Object.fromEntries(next)) > syncedDraftLimits.bytes) continue;
    out.splice(0, out.length, ...next);
  }
  return Object.fromEntries(out);
}

/**
 * Three-way merge: a conversation whose account copy changed since this device last saw it
 * (`base`) takes the account's text, or loses its draft when the account dropped it (sent on
 * another device); every other draft of this device stays, long ones that never synced too.
 */
export function mergeDrafts(local: DraftMap, base: DraftMap, remote: DraftMap): DraftMap {
  const changed = (id: string) => remote[id] !== base[id];
  const kept = Object.entries(local).filter(([id]) => !changed(id));
  const taken = Object.entries(remote).filter(([id]) => changed(id));
  // Local order (recency) first; what the other device wrote counts as the newest.
  return Object.fromEntries([...kept, ...taken]);
}

/** The account's drafts as this device last saw them, per user, kept across reloads. */
const BASE_KEY = 'parley.drafts.synced';
const mapSchema = z.record(z.string(), z.string());
const baseSchema = z.record(z.string(), mapSchema);

export function readBase(userId: number): DraftMap {
  return readStored(BASE_KEY, baseSchema)[String(userId)] ?? {};
}

export function writeBase(userId: number, map: DraftMap): void {
  writeStored(BASE_KEY, { ...readStored(BASE_KEY, baseSchema), [String(userId)]: map });
}

/** The `drafts` setting as received: anything but a map of strings reads as none. */
export function remoteDrafts(setting: Record<string, unknown> | undefined): DraftMap | null {
  const parsed = mapSchema.safeParse(setting?.drafts);
  return parsed.success ? parsed.data : null;
}
