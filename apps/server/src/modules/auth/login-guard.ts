import { limits } from '@parley/protocol';
import type { Kysely } from 'kysely';
import { nowSeconds, type Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import * as attempts from './attempts.repo';

/**
 * The password-guessing guard of §2.4 login, keyed by lower-cased account and IP. Every check of
 * a password (login, and the old password of editPassword, issue 36 #6) is counted before the
 * password is compared, in one atomic statement, so parallel guesses cannot all pass a
 * "blocked?" check before any failure is written (issue 19 #2). Both share one count: guessing
 * through either brings the same lock-out, with the same message. A good password clears it.
 */
export function createLoginGuard(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    key: (account: string, ip: string) => `${account.toLowerCase()}|${ip}`,

    /** Counts this attempt; 400 `auth.tooManyAttempts` once over the limit (nothing is checked then). */
    async admit(key: string): Promise<void> {
      const n = await attempts.countAttempt(
        db,
        key,
        nowSeconds(clock),
        limits.loginFailureWindowS,
        limits.loginFailures,
      );
      if (n > limits.loginFailures) throw new AppError(400, 'auth.tooManyAttempts');
    },

    /** A good password: the count starts again. */
    clear: (key: string, tx: Kysely<DB> = db) => attempts.clearAttempts(tx, key),
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
