import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/platform/clock';
import { createConfigService } from '../src/modules/config/index';
import { createUsersService, usersRepo } from '../src/modules/users/index';
import { migratedTestDatabase } from './helpers/server';

/**
 * A change saved while another request is still reading the same thing must take effect at once:
 * the older read finishing afterwards may answer its own caller, but not become this node's copy.
 * It did, for the cache's lifetime: an administrator's new setting seemed ignored (the autoAddGroup
 * test failed now and then under load), and a user's row could come back as it was before a write. PostgreSQL only: holding a read while a write goes through needs a
 * second connection, and SQLite's one connection would wait for the held read.
 */

/**
 * Holds the rows of every SELECT while `held` is open, as a slow read would arrive late.
 * `held()` resolves once a read is actually waiting at the gate (a barrier, not a sleep).
 */
function slowReads() {
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  let reached: (() => void) | undefined;
  let held: Promise<void> = Promise.resolve();
  let answered = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      if ('rows' in args.result && args.result.rows.length > 0) answered += 1;
      if (gate && 'rows' in args.result && args.result.rows.length > 0) {
        reached?.();
        await gate;
      }
      return args.result;
    },
  };
  return {
    plugin,
    hold: () => {
      gate = new Promise((r) => (release = r));
      held = new Promise((r) => (reached = r));
    },
    held: () => held,
    /** SELECTs that found rows so far. */
    answered: () => answered,
    release: () => ((gate = undefined), release?.()),
  };
}

describe('per-node caches and a read that arrives late', () => {
  it('keeps a setting saved during an older read, not what that read found', async () => {
    const database = await migratedTestDatabase();
    const reads = slowReads();
    const config = createConfigService(database.db.withPlugin(reads.plugin), manualClock(Date.now()));
    const before = await config.automation();
    const withGroup = (status: number) => ({ ...before, autoAddGroup: { ...before.autoAddGroup, status } });
    await config.set('chatAutomation', withGroup(0));

    reads.hold();
    const older = config.automation(); // finds status 0, and arrives late
    await reads.held();
    await config.set('chatAutomation', withGroup(1));
    reads.release();
    expect((await older).autoAddGroup.status).toBe(0);
    expect((await config.automation()).autoAddGroup.status).toBe(1);
  });

  it('reads the settings once for all the requests that ask while no copy is fresh', async () => {
    const database = await migratedTestDatabase();
    await createConfigService(database.db, manualClock(Date.now())).set('chatInfo', { sendInterval: 0 });
    const reads = slowReads();
    const config = createConfigService(database.db.withPlugin(reads.plugin), manualClock(Date.now()));
    reads.hold();
    const asked = Array.from({ length: 20 }, () => config.systemInfo());
    await reads.held();
    reads.release();
    for (const info of await Promise.all(asked)) expect(info.chatInfo.sendInterval).toBe(0);
    // Each request once read the table itself, and under load each waited in the pool behind the
    // others: hundreds of reads a second on each of two nodes (issue 41).
    expect(reads.answered()).toBe(1);
  });

  it('keeps a user row written during an older read, not what that read found', async () => {
    const database = await migratedTestDatabase();
    const reads = slowReads();
    const clock = manualClock(Date.now());
    const db = database.db.withPlugin(reads.plugin);
    const users = createUsersService({ db, clock, config: createConfigService(db, clock) });
    const id = await usersRepo.insertUser(database.db, {
      account: 'late01',
      realname: 'Before',
      password_hash: 'x',
      setting: '{}',
      create_time: 1,
      update_time: 1,
    });

    reads.hold();
    const older = users.get(id); // finds "Before", and arrives late
    await reads.held();
    await users.update(id, { realname: 'After' });
    reads.release();
    expect((await older)?.realname).toBe('Before');
    expect((await users.get(id))?.realname).toBe('After');
  });
});
