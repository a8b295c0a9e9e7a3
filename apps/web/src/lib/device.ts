const CID_KEY = 'parley.cid';
// Checked by hand, not with zod: this runs on the login page, whose first load stays small (issue 15).
const CID_RE = /^[A-Za-z0-9-]{8,64}$/;

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A stable per-browser id sent as the `cid` header (spec §7); the server ignores it. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(CID_KEY);
    if (stored !== null && CID_RE.test(stored)) return stored;
    const id = randomId();
    localStorage.setItem(CID_KEY, id);
    return id;
  } catch {
    return 'no-storage';
  }
}
