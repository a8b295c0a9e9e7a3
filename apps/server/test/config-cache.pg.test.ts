import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/platform/clock';
import { createConfigService } from '../src/modules/config/index';
import { migratedTestDatabase } from './helpers/server';

/**
 * A setting saved while another request is still reading the settings must take effect at once:
 * the older read finishing afterwards may answer its own caller, but not become this node's copy
 * (it did, for CACHE_MS: an administrator's change seemed ignored, and the autoAddGroup test failed
 * now and then under load). PostgreSQL only: holding a read while a write goes through needs a
 * second connection, and SQLite's one connection would wait for the held read.
 */

/** Holds the rows of every SELECT while `held` is open, as a slow read would arrive late. */
function slowReads() {
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      if (gate && 'rows' in args.result && args.result.rows.length > 0) await gate;
      return args.result;
    },
  };
  return {
    plugin,
    hold: () => void (gate = new Promise((r) => (release = r))),
    release: () => ((gate = undefined), release?.()),
  };
}

describe('settings cache', () => {
  it('keeps a setting saved during an older read, not what that read found', async () => {
    const database = await migratedTestDatabase();
    const reads = slowReads();
    const config = createConfigService(database.db.withPlugin(reads.plugin), manualClock(Date.now()));
    const before = await config.automation();
    const withGroup = (status: number) => ({ ...before, autoAddGroup: { ...before.autoAddGroup, status } });
    await config.set('chatAutomation', withGroup(0));

    reads.hold();
    const older = config.automation(); // finds status 0, and arrives late
    await new Promise((r) => setTimeout(r, 20));
    await config.set('chatAutomation', withGroup(1));
    reads.release();
    expect((await older).autoAddGroup.status).toBe(0);
    expect((await config.automation()).autoAddGroup.status).toBe(1);
  });
});
