import { describe, expect, it } from 'vitest';
import { allocationSites, siteName } from './heap-top.mjs';

const frame = (functionName, url, lineNumber = 0) => ({ functionName, url, lineNumber });
const node = (callFrame, selfSize, children = []) => ({ callFrame, selfSize, children });

describe('heap-top', () => {
  it('names a site by function and the path from the app or package folder', () => {
    expect(siteName(frame('pushSingle', 'file:///w/main/apps/server/src/send.ts', 41))).toBe(
      'pushSingle apps/server/src/send.ts:42',
    );
    expect(siteName(frame('', 'node:buffer', 9))).toBe('(anonymous) node:buffer:10');
  });

  it('adds self bytes per site and counts a recursive function once in its inclusive bytes', () => {
    const f = frame('f', 'file:///x/apps/a.ts');
    const g = frame('g', 'file:///x/apps/b.ts');
    const profile = { head: node(frame('(root)', ''), 0, [node(f, 100, [node(f, 50, [node(g, 10)]), node(g, 5)])]) };
    const { total, self, inclusive } = allocationSites(profile);
    expect(total).toBe(165);
    expect(self.get('f apps/a.ts:1')).toBe(150);
    expect(self.get('g apps/b.ts:1')).toBe(15);
    expect(inclusive.get('f apps/a.ts:1')).toBe(165);
    expect(inclusive.get('g apps/b.ts:1')).toBe(15);
    expect(inclusive.get('(root) :1')).toBe(165);
  });
});
