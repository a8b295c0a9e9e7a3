import { describe, expect, it } from 'vitest';
import { serveFlags } from './server.mjs';

describe('serveFlags', () => {
  it('takes the Node flags between tsx and the entry file', () => {
    expect(serveFlags('tsx --max-semi-space-size=64 --min-semi-space-size=16 apps/server/src/main.ts')).toEqual([
      '--max-semi-space-size=64',
      '--min-semi-space-size=16',
    ]);
    expect(serveFlags('tsx apps/server/src/main.ts')).toEqual([]);
  });

  it('refuses a serve script it cannot read, instead of benching another command', () => {
    expect(() => serveFlags('node dist/main.js')).toThrow(/no longer starts with tsx/);
  });

  it('reads the repository serve script, so the bench runs the server as npm start does', () => {
    expect(serveFlags()).toContain('--max-semi-space-size=64');
  });
});
