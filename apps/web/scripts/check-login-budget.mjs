#!/usr/bin/env node
/**
 * Issue 15: the login page's first load carries at most 150 KiB of JavaScript on the wire
 * (brotli, as the server sends it: apps/server/src/platform/http/static.ts). Reads the build's
 * chunk graph (dist/.vite/manifest.json): the entry and the login screen's chunk with every
 * chunk they import statically — what the browser fetches before the login form can show.
 * Dynamic imports (other screens, panels) are not counted: they load after login.
 *
 * e2e/tests/login-budget.test.ts runs it on the built client, so a bigger login set fails the
 * suite (not the build: `npm start` must work whatever the size).
 * `--list` prints every counted chunk, biggest first.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;
const LOGIN_SOURCE = 'src/features/auth/screens/LoginScreen.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** Keys of the entry, the login screen and everything they import statically. */
export function loginSet(manifest) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  if (!manifest[LOGIN_SOURCE]) throw new Error(`${LOGIN_SOURCE} is not a chunk of its own`);
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  walk(entry);
  walk(LOGIN_SOURCE);
  return [...seen];
}

const brotli = (buf) =>
  brotliCompressSync(buf, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  }).length;

function main() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const rows = loginSet(manifest)
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: brotli(readFileSync(join(dist, file))) }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  const kib = (n) => (n / 1024).toFixed(1);
  if (process.argv.includes('--list')) for (const r of rows) console.log(`${kib(r.bytes).padStart(7)} KiB  ${r.file}`);
  const line = `login page JavaScript: ${kib(total)} KiB brotli in ${rows.length} files (budget ${kib(BUDGET_BYTES)} KiB)`;
  if (total > BUDGET_BYTES) {
    console.error(`${line}: OVER BUDGET. Run with --list to see the chunks.`);
    process.exit(1);
  }
  console.log(line);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
