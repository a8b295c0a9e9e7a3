import { create } from 'zustand';
import { isAdmin as isAdminRole, type SelfInfo } from '@parley/protocol';

/**
 * Who is logged in: the token (sent back verbatim as `Authorization`) and the Self object,
 * persisted to localStorage and validated when read back — garbage means logged out.
 */

const STORAGE_KEY = 'parley.auth';

// Core fields the UI relies on; the rest of the Self object passes through untouched. Checked by
// hand, not with zod: this runs on the login page, whose first load stays small (issue 15).
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';

function isSelf(v: unknown): boolean {
  return (
    isRecord(v) &&
    typeof v.user_id === 'number' &&
    Number.isInteger(v.user_id) &&
    v.user_id > 0 &&
    typeof v.account === 'string' &&
    typeof v.realname === 'string' &&
    optionalString(v.displayName) &&
    optionalString(v.avatar)
  );
}

function isPersisted(v: unknown): v is { token: string; userInfo: Record<string, unknown> } {
  return isRecord(v) && typeof v.token === 'string' && v.token.length > 0 && isSelf(v.userInfo);
}

export interface AuthState {
  token: string | null;
  userInfo: SelfInfo | null;
  /** Socket connection id (set by the socket once it exists); not persisted. */
  clientId: string;
  setSession(token: string, userInfo: SelfInfo): void;
  setUserInfo(userInfo: SelfInfo): void;
  setClientId(clientId: string): void;
  clear(): void;
}

function readPersistedAuth(storage: Pick<Storage, 'getItem'> = localStorage): {
  token: string | null;
  userInfo: SelfInfo | null;
} {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return { token: null, userInfo: null };
    const parsed: unknown = JSON.parse(raw);
    if (!isPersisted(parsed)) return { token: null, userInfo: null };
    // Validated above for the fields we use; the remainder is the server's Self object.
    return { token: parsed.token, userInfo: parsed.userInfo as unknown as SelfInfo };
  } catch {
    return { token: null, userInfo: null };
  }
}

function persist(token: string | null, userInfo: SelfInfo | null): void {
  try {
    if (token && userInfo) localStorage.setItem(STORAGE_KEY, JSON.stringify({ token, userInfo }));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the session lasts as long as the tab.
  }
}

export const useAuth = create<AuthState>()((set, get) => ({
  ...readPersistedAuth(),
  clientId: '',
  setSession(token, userInfo) {
    persist(token, userInfo);
    set({ token, userInfo });
  },
  setUserInfo(userInfo) {
    persist(get().token, userInfo);
    set({ userInfo });
  },
  setClientId(clientId) {
    set({ clientId });
  },
  clear() {
    persist(null, null);
    set({ token: null, userInfo: null });
  },
}));

/** Another tab logged in or out: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEY) return;
    useAuth.setState(readPersistedAuth());
  });
}

/** System admins, super or not, see the admin console (PROTOCOL §1.7, §12). */
export const isAdmin = (me: Pick<SelfInfo, 'role'> | null | undefined): boolean => !!me && isAdminRole(me);
