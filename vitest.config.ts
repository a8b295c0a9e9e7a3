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

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.{ts,mjs}'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'integration-sqlite',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          env: { PARLEY_TEST_DB: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration-pg',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          env: { PARLEY_TEST_DB: 'postgres', PARLEY_TEST_PG_URL: pgUrl, PARLEY_TEST_REDIS_URL: redisUrl },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['e2e/support/setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
