import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Bound e-mail (issue 42 #3): `email_auth` 1 says `users.email` was proved by a code, so it may
 * stand for the account at code login and password reset. Accounts that are their own e-mail
 * and were verified at registration or account change already proved that address.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_auth', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE users SET email_auth = 1 WHERE is_auth = 1 AND email <> '' AND lower(email) = lower(account)`.execute(
    db,
  );
}
