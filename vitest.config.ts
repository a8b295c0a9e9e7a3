import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every tier (ARCHITECTURE §7), so `npm test` reports one total:
 * - unit: pure code of the protocol package and the server (no I/O);
 * - web: React components and client logic in happy-dom;
 * - integration-sqlite / integration-pg: the real server in-process on port 0, once on an
 *   embedded SQLite file and once on the PostgreSQL of this machine (a fresh schema per run);
 * - e2e: the built server and web client driven in Debian Chromium.
 */
const pgUrl = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.PARLEY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Speed on a 2-core CI machine: Vitest's default there is one worker, and integration files
 * mostly wait on fsync, sockets and PostgreSQL, so three workers overlap the waits. Unit and
 * integration files build their own app per test and share no module state, so they skip the
 * per-file module reload (`isolate: false`, a third of their time). Web tests need isolation
 * (their modules hold stores and mocks, and happy-dom's globals outlive a file: without it 9 to
 * 27 tests failed, depending on the order), and they get it from VM contexts (`pool: 'vmThreads'`):
 * a long-lived worker thread runs file after file, each in a fresh VM context, instead of a new
 * process per file paying Node's start, happy-dom's set-up and the imports again. The 96 files took
 * 36–38 s instead of 117–119 s (alone on this machine); the tests are the same 14–25 s either way.
 * (A VM context's caveat: an error thrown by a Node built-in is not `instanceof` the test's `Error`.)
 * e2e runs last and alone (`groupOrder`), so Chromium never competes with the other tiers, two
 * files at a time: one file leaves about a third of the two cores idle (polls, animations, waits on
 * the server), and the 32 files took 531 s two at a time against 679 s one at a time (same hour).
 * Two at a time found four real defects that one file at a time hid by being faster: an open admin
 * console missing a second settings change (realtime/dispatch.ts, updateConfig), and any change
 * when no other screen had read the site info (admin/panels/Settings.tsx); a loading state without
 * an accessible name (app/PageFallback.tsx); the "back to the latest" pill blinking out while a
 * newer page loaded (chat/components/MessageList.tsx).
 */
/** The e2e tier and the fault tests start the server bundle; each run builds it from the sources first. */
const buildServer = './scripts/vitest-build-server.mjs';
const faultDatabases = './scripts/vitest-fault-databases.mjs';

const shared = { isolate: false, sequence: { groupOrder: 0 } } as const;

/**
 * Coverage (V8's own counters, no instrumentation) is measured when `--coverage` is passed, as
 * `scripts/test.sh` does: over the code of the three packages that the unit, web and integration
 * tiers run in-process. The e2e tier's server is a child process, so it adds nothing here.
 * `scripts/coverage-summary.mjs` prints the figure per package and holds it to the floors in
 * `scripts/coverage-floors.json`, so coverage can only rise.
 */
const coverage = {
  provider: 'v8',
  include: ['packages/protocol/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
  exclude: ['**/*.test.{ts,tsx}', '**/test/**', '**/*.d.ts'],
  reporter: ['json-summary'],
  reportsDirectory: './coverage',
  reportOnFailure: true,
} as const;

export default defineConfig({
  test: {
    maxWorkers: 3,
    coverage,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.{ts,mjs}'],
          environment: 'node',
          ...shared,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
          pool: 'vmThreads',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration-sqlite',
          include: ['apps/server/test/**/*.test.ts'],
          // `*.pg.test.ts` need PostgreSQL + Redis by nature (several server nodes on one database).
          exclude: ['apps/server/test/**/*.pg.test.ts'],
          environment: 'node',
          env: { PARLEY_TEST_DB: 'sqlite' },
          globalSetup: [buildServer],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          ...shared,
        },
      },
      {
        test: {
          name: 'integration-pg',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          env: { PARLEY_TEST_DB: 'postgres', PARLEY_TEST_PG_URL: pgUrl, PARLEY_TEST_REDIS_URL: redisUrl },
          globalSetup: [buildServer, faultDatabases],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          ...shared,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          // The suite's standard wait for `expect.poll`: a condition a person would see come true,
          // with room for a loaded CI machine. Vitest's 1 s default made tests set their own
          // short limits; a poll returns as soon as its condition holds, so this costs nothing.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          environment: 'node',
          setupFiles: ['e2e/support/setup.ts'],
          globalSetup: [buildServer],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
