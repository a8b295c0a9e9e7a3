// Bundles the server into one ES module, `apps/server/dist/main.mjs`, which `npm start` and the
// serve scripts run with plain Node. Running the TypeScript through tsx instead costs every start
// 2–4 CPU-seconds of compiling (1 s from the bundle, same machine) and holds about 50 MB more
// (docs/deployment.md). The server's dependencies stay outside the bundle, resolved from
// node_modules as before (better-sqlite3 and sharp are native); the workspace's own packages are
// compiled in. A linked source map beside it maps a logged stack to the TypeScript
// (`node --enable-source-maps`, left off by default: it makes every stack read slower).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
export const bundlePath = fileURLToPath(new URL('../dist/main.mjs', import.meta.url));

export async function buildServerBundle() {
  const { dependencies } = JSON.parse(readFileSync(`${serverDir}/package.json`, 'utf8'));
  await build({
    entryPoints: [`${serverDir}/src/main.ts`],
    outfile: bundlePath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@parley/')),
    logLevel: 'warning',
  });
  return bundlePath;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerBundle();
