import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15: the login page's first load carries at most 150 KiB of JavaScript on the wire
 * (brotli). The check reads the built client's chunk graph (apps/web/scripts/check-login-budget.mjs).
 */
const script = fileURLToPath(new URL('../../apps/web/scripts/check-login-budget.mjs', import.meta.url));

describe('login page weight', () => {
  it('stays within the 150 KiB budget of JavaScript before the login form shows', () => {
    const run = spawnSync(process.execPath, [script, '--list'], { encoding: 'utf8' });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/login page JavaScript: [\d.]+ KiB brotli/);
  });
});
