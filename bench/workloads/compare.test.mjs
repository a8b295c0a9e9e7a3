import { describe, expect, it } from 'vitest';
import { cpuPerMessageUs, pairUp } from './compare.mjs';
import { parseArgs, CliError } from '../lib/cli.mjs';

const w = (round, side, cpuPct, sentPerS) => ({ round, side, sentPerS, server: [{ cpuPct }] });

describe('compare (paired windows of two checkouts)', () => {
  it('gives server CPU per message in µs', () => {
    expect(cpuPerMessageUs(w(1, 'A', 75, 3000))).toBe(250);
    expect(cpuPerMessageUs({ sentPerS: 3000, server: [] })).toBeNull();
  });

  it("pairs each round's A and B and averages B/A, leaving out rounds that lack a side", () => {
    const s = pairUp([
      w(1, 'A', 80, 4000),
      w(1, 'B', 60, 4000),
      w(2, 'B', 66, 4000),
      w(2, 'A', 88, 4000),
      w(3, 'A', 90, 4000),
    ]);
    expect(s).toEqual({ pairs: 2, meanRatio: 0.75, minRatio: 0.75, maxRatio: 0.75 });
    expect(pairUp([w(1, 'A', 80, 4000)]).pairs).toBe(0);
  });

  it('needs the baseline checkout and a SQLite run of its own', () => {
    expect(() => parseArgs(['compare', 'one-to-one'])).toThrow(CliError);
    expect(() => parseArgs(['compare', 'one-to-one', '--against', '/x', '--backend', 'pg'])).toThrow(CliError);
    expect(parseArgs(['compare', 'one-to-one', '--against', '/x', '--rounds', '6']).opts).toMatchObject({
      against: '/x',
      rounds: 6,
    });
  });
});
