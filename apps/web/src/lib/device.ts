import { z } from 'zod';

const CID_KEY = 'parley.cid';
const cidSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A stable per-browser id sent as the `cid` header (spec §7); the server ignores it. */
export function deviceId(): string {
  try {
    const stored = cidSchema.safeParse(localStorage.getItem(CID_KEY));
    if (stored.success) return stored.data;
    const id = randomId();
    localStorage.setItem(CID_KEY, id);
    return id;
  } catch {
    return 'no-storage';
  }
}
