import { AndFilter, Client, EqualityFilter, FilterParser, InvalidCredentialsError, type Filter } from 'ldapts';
import type { LdapSettings, MsgKey } from '@parley/protocol';
import { AppError } from '../../platform/http/errors';

/**
 * The LDAP side of §19 on ldapts: one short connection per job (a sync, a test, a sign-in),
 * filters built as filter objects (the account is a value, never filter text), and every failure
 * turned into a catalogue key; the directory's own words only reach the log.
 */

/** Milliseconds per operation and per TCP connect: a dead directory fails a sign-in quickly. */
const TIMEOUT_MS = 8000;
/** Entries per page of a sync's search (Active Directory answers at most 1000 per page). */
const PAGE_SIZE = 500;

/** One person as the directory lists them, with the attributes §19 maps. */
export interface DirectoryEntry {
  dn: string;
  account: string;
  name: string;
  email: string;
}

export interface LdapLog {
  warn(obj: object, msg: string): void;
}

/** What went wrong, as one of our keys (`stage` is what was being done when it failed). */
export function ldapFailure(err: unknown, stage: 'connect' | 'bind' | 'search'): MsgKey {
  if (err instanceof AppError) return err.msgKey;
  if (err instanceof InvalidCredentialsError) return 'ldap.bindFailed';
  const code = (err as { code?: unknown }).code;
  // Socket errors (ECONNREFUSED, ENOTFOUND, ETIMEDOUT…) and ldapts' own timeouts.
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return 'ldap.unreachable';
  if (/timeout|timed out|connect/i.test((err as Error)?.message ?? '')) return 'ldap.unreachable';
  if (stage === 'bind') return 'ldap.bindFailed';
  if (stage === 'connect') return 'ldap.unreachable';
  return 'ldap.searchFailed';
}

/** The admin's filter AND the mapped attribute equal to `value` (escaped by the filter object). */
export function accountFilter(s: LdapSettings, value: string): Filter {
  return new AndFilter({ filters: [userFilter(s), new EqualityFilter({ attribute: s.accountAttr, value })] });
}

/** The admin's `userFilter`, parsed; a filter that does not parse is a search failure in words. */
export function userFilter(s: LdapSettings): Filter {
  try {
    return FilterParser.parseString(s.userFilter || '(objectClass=*)');
  } catch {
    throw new AppError(400, 'ldap.searchFailed');
  }
}

const first = (v: unknown): string => {
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' ? one : Buffer.isBuffer(one) ? one.toString('utf8') : '';
};

/**
 * A session with the directory: opened by `open`, closed by `close` (always, in a finally).
 * `bindAs` binds the connection as someone else (a sign-in); the search runs as whoever is bound.
 */
export class LdapSession {
  private readonly client: Client;

  constructor(
    private readonly s: LdapSettings,
    private readonly log: LdapLog,
  ) {
    this.client = new Client({ url: s.url, timeout: TIMEOUT_MS, connectTimeout: TIMEOUT_MS, strictDN: false });
  }

  /** Binds with the configured service account (anonymous when there is none). */
  async bindService(): Promise<void> {
    try {
      if (this.s.bindDN) await this.client.bind(this.s.bindDN, this.s.bindPassword);
      else await this.client.bind('', '');
    } catch (err) {
      throw this.fail(err, 'bind');
    }
  }

  /**
   * Binds as a person; false for a wrong password. An empty password would be an
   * "unauthenticated bind", which directories accept without checking anything: never sent.
   */
  async bindAs(dn: string, password: string): Promise<boolean> {
    if (!password) return false;
    try {
      await this.client.bind(dn, password);
      return true;
    } catch (err) {
      if (err instanceof InvalidCredentialsError) return false;
      throw this.fail(err, 'bind');
    }
  }

  /** Everyone the filter finds under the base DN, page by page. */
  async people(filter: Filter = userFilter(this.s)): Promise<DirectoryEntry[]> {
    const { s } = this;
    try {
      const { searchEntries } = await this.client.search(s.baseDN, {
        scope: 'sub',
        filter,
        attributes: [s.accountAttr, s.nameAttr, s.emailAttr],
        paged: { pageSize: PAGE_SIZE },
      });
      return searchEntries.map((e) => ({
        dn: e.dn,
        account: first(e[s.accountAttr]),
        name: first(e[s.nameAttr]),
        email: first(e[s.emailAttr]),
      }));
    } catch (err) {
      throw this.fail(err, 'search');
    }
  }

  async close(): Promise<void> {
    await this.client.unbind().catch(() => undefined);
  }

  private fail(err: unknown, stage: 'connect' | 'bind' | 'search'): AppError {
    const key = ldapFailure(err, stage);
    if (!(err instanceof AppError))
      this.log.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message }, stage }, 'ldap failed');
    return new AppError(400, key);
  }
}

/** Runs `fn` with an open session and closes it whatever happens. */
export async function withLdap<T>(s: LdapSettings, log: LdapLog, fn: (c: LdapSession) => Promise<T>): Promise<T> {
  const session = new LdapSession(s, log);
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}

/**
 * The OU path of a DN below the base DN, outermost first: `uid=a,ou=Frontend,ou=Engineering,dc=x`
 * under `dc=x` → `['Engineering', 'Frontend']`. Other RDNs (cn=…, o=…) are not departments.
 */
export function ouPath(dn: string, baseDN: string): string[] {
  const rdns = splitDn(dn);
  const base = splitDn(baseDN);
  const below = rdns.slice(1, Math.max(1, rdns.length - base.length));
  return below
    .filter((r) => /^ou=/i.test(r))
    .map((r) => unescapeValue(r.slice(3)).trim())
    .filter(Boolean)
    .reverse();
}

/** Splits a DN on its unescaped commas. */
function splitDn(dn: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < dn.length; i++) {
    const ch = dn[i];
    if (ch === '\\' && i + 1 < dn.length) {
      cur += ch + dn[i + 1];
      i++;
    } else if (ch === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** RFC 4514 value escapes: `\,` and `\2C` both mean a comma. */
function unescapeValue(v: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < v.length; i++) {
    const ch = v[i] as string;
    const hex = v.slice(i + 1, i + 3);
    if (ch === '\\' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (ch === '\\' && i + 1 < v.length) {
      bytes.push(...Buffer.from(v[i + 1] as string));
      i++;
    } else bytes.push(...Buffer.from(ch));
  }
  return Buffer.from(bytes).toString('utf8');
}
