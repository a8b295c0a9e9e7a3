import { describe, expect, it } from 'vitest';
import { serveCommand, serveFlags } from './server.mjs';

describe('serveFlags', () => {
  it('takes the Node flags and the entry of a script that runs the server bundle', () => {
    expect(serveCommand('node --max-semi-space-size=64 apps/server/dist/main.mjs')).toEqual({
      env: {},
      flags: ['--max-semi-space-size=64'],
      entry: 'apps/server/dist/main.mjs',
    });
  });

  it('takes the Node flags between tsx and the entry file (a checkout from before the bundle)', () => {
    expect(serveFlags('tsx --max-semi-space-size=64 --min-semi-space-size=16 apps/server/src/main.ts')).toEqual([
      '--max-semi-space-size=64',
      '--min-semi-space-size=16',
    ]);
    expect(serveFlags('tsx apps/server/src/main.ts')).toEqual([]);
  });

  it('refuses a serve script it cannot read, instead of benching another command', () => {
    expect(() => serveFlags('bun apps/server/src/main.ts')).toThrow(/no longer starts with tsx or node/);
    expect(() => serveFlags('node --max-semi-space-size=64')).toThrow(/names no entry file/);
  });

  it('reads the repository serve script, so the bench runs the server as npm start does', () => {
    expect(serveFlags()).toContain('--max-semi-space-size=64');
  });

  it('reads a script that runs node with tsx imported, and the environment set before it', () => {
    expect(
      serveCommand(
        'MALLOC_ARENA_MAX=2 A_B=x=y node --max-semi-space-size=8 --import tsx --max-old-space-size=256 apps/server/src/main.ts',
      ),
    ).toEqual({
      env: { MALLOC_ARENA_MAX: '2', A_B: 'x=y' },
      flags: ['--max-semi-space-size=8', '--max-old-space-size=256'],
      entry: 'apps/server/src/main.ts',
    });
  });

  it('reads every serve script of the repository, so --serve can run any of them', async () => {
    const { readFileSync } = await import('node:fs');
    const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts;
    const serves = Object.keys(scripts).filter((name) => /^serve(:|$)/.test(name));
    expect(serves).toContain('serve:small');
    for (const name of serves) expect(() => serveCommand(scripts[name])).not.toThrow();
  });
});
