import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { summariseProfile } from './profile.mjs';

describe('summariseProfile on the server bundle', () => {
  it('names a bundled frame by its TypeScript file and line, through the source map beside the bundle', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-profile-'));
    const src = path.join(dir, 'apps', 'server', 'src');
    fs.mkdirSync(src, { recursive: true });
    fs.writeFileSync(path.join(src, 'hot.ts'), 'export function hot(n: number): number {\n  return n * 2;\n}\n');
    fs.writeFileSync(path.join(src, 'main.ts'), "import { hot } from './hot';\nconsole.log(hot(2));\n");
    const bundle = path.join(dir, 'apps', 'server', 'dist', 'main.mjs');
    await build({
      entryPoints: [path.join(src, 'main.ts')],
      outfile: bundle,
      bundle: true,
      format: 'esm',
      sourcemap: 'linked',
    });
    // The generated line of `return n * 2` (0-based, as V8's call frames count).
    const line = fs
      .readFileSync(bundle, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('n * 2'));
    const node = (id, functionName, url, lineNumber, children = []) => ({
      id,
      callFrame: { functionName, url, lineNumber, columnNumber: 2 },
      children,
    });
    const profile = {
      nodes: [node(1, '(root)', '', -1, [2]), node(2, 'hot', pathToFileURL(bundle).href, line)],
      samples: [2, 2],
      timeDeltas: [1000, 1000],
    };
    const file = path.join(dir, 'x.cpuprofile');
    fs.writeFileSync(file, JSON.stringify(profile));
    const { text } = summariseProfile(file);
    expect(text).toContain('server:hot.ts');
    expect(text).toContain('hot server:hot.ts:2');
    expect(text).not.toContain('main.mjs');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
