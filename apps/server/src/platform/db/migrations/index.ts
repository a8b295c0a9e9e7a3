import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectKind } from '../dialect';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-chat';
import * as m0003 from './0003-chat-indexes';
import * as m0005 from './0005-groups';
import * as m0006 from './0006-files';
import * as m0007 from './0007-partial-file-index';
import * as m0008 from './0008-read-marks';
import * as m0009 from './0009-moments';
import * as m0010 from './0010-admin';
import * as m0011 from './0011-message-terms';
import * as m0012 from './0012-web-push';
import * as m0013 from './0013-send-marks';
import * as m0014 from './0014-org';
import * as m0017 from './0017-sso';
import * as m0018 from './0018-read-log';
import * as m0019 from './0019-email-auth';

/**
 * Migrations live in code (no directory scanning), so they ship inside any bundle and run at
 * start. Append new ones here; names sort lexically, so keep the 4-digit prefix.
 *
 * Each runs in a transaction: Kysely wraps PostgreSQL's itself but not SQLite's, whose DDL is
 * transactional too. Without one, a migration failing half-way (a full disk during a table
 * rewrite) would leave its first steps behind, and every later start would fail on them
 * ("duplicate column", "no such index").
 */
const all: Record<string, { up: (db: Kysely<unknown>, dialect: DialectKind) => Promise<void> }> = {
  '0001-foundation': m0001,
  '0002-chat': m0002,
  '0003-chat-indexes': m0003,
  '0005-groups': m0005,
  '0006-files': m0006,
  '0007-partial-file-index': m0007,
  '0008-read-marks': m0008,
  '0009-moments': m0009,
  '0010-admin': m0010,
  '0011-message-terms': m0011,
  '0012-web-push': m0012,
  '0013-send-marks': m0013,
  '0014-org': m0014,
  '0017-sso': m0017,
  '0018-read-log': m0018,
  '0019-email-auth': m0019,
};

/** What Kysely hands a migration; a transaction is one. */
type MigrationDb = Parameters<Migration['up']>[0];
const asDb = (tx: MigrationDb): MigrationDb => tx;

export function migrationProvider(dialect: DialectKind): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(all).map(([name, m]): [string, Migration] => [
          name,
          {
            up: (db) =>
              dialect === 'sqlite' ? db.transaction().execute((tx) => m.up(asDb(tx), dialect)) : m.up(db, dialect),
          },
        ]),
      ),
  };
}
