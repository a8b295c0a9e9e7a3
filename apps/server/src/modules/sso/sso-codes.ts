import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import * as repo from './sso.repo';

/** How long the web client has to trade the callback's code for a session (§19). */
export const SSO_CODE_TTL_S = 60;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The one-time codes of §19: the callback issues one for the user it signed in, and login's
 * `token` (§2.4) takes it once. Only its hash is stored, so a database reader cannot sign in.
 */
export function createSsoCodes(db: Kysely<DB>, clock: Clock) {
  return {
    async issue(userId: number): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      await repo.insertCode(db, hash(code), userId, nowSeconds(clock) + SSO_CODE_TTL_S);
      return code;
    },
    /** The user of a fresh, unused code; undefined for anything else. Used up either way. */
    async take(code: string): Promise<number | undefined> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(code)) return undefined;
      return repo.takeCode(db, hash(code), nowSeconds(clock));
    },
  };
}
export type SsoCodes = ReturnType<typeof createSsoCodes>;
