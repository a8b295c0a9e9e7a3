import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp';

/** Every e2e test fails if a page hit the app's Content-Security-Policy (csp.ts). */
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
