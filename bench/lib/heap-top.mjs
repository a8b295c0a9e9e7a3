/**
 * Allocation sites of a sampling heap profile (`heap-sample.mjs`), per message:
 * `node bench/lib/heap-top.mjs <profile.json> <messages in the window> [rows]` prints the total
 * bytes per message, then the sites by bytes allocated in the function itself and by bytes
 * allocated under it (each function counted once per stack, so recursion does not inflate it).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { frameKey, original } from './profile.mjs';

/** A call frame's name: function, then the path from the package or app folder on (of the TypeScript source for the bundle). */
export function siteName(frame) {
  const callFrame = original(frame);
  return frameKey(callFrame, callFrame.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/'));
}

/** Self and inclusive bytes by site name, and the profile's total. */
export function allocationSites(profile) {
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  const walk = (node, onStack) => {
    const name = siteName(node.callFrame);
    total += node.selfSize;
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    const inner = new Set(onStack).add(name);
    let under = node.selfSize;
    for (const child of node.children ?? []) under += walk(child, inner);
    if (!onStack.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + under);
    return under;
  };
  walk(profile.head, new Set());
  return { total, self, inclusive };
}

function main([file, messages = '1', rows = '30']) {
  const n = Number(messages);
  const { total, self, inclusive } = allocationSites(JSON.parse(fs.readFileSync(file, 'utf8')));
  const kB = (bytes) => (bytes / n / 1024).toFixed(2).padStart(8);
  const table = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(rows))
      .map(([name, bytes]) => `${kB(bytes)} kB  ${name}`)
      .join('\n');
  console.log(`${kB(total)} kB per message in all\n\nallocated in the function itself:\n${table(self)}`);
  console.log(`\nallocated under the function:\n${table(inclusive)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
