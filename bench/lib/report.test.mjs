import { describe, expect, it } from 'vitest';
import { cpuMsPerMessage, dbMsPerMsg } from './report.mjs';

describe('cpuMsPerMessage', () => {
  it('turns % of a core over the window into milliseconds of CPU per message', () => {
    // 82 % of a core at 2,000 messages a second: 0.82 s of CPU a second / 2,000 = 0.41 ms.
    expect(cpuMsPerMessage({ nodes: 82, postgres: 74, redis: 8 }, 2000)).toEqual({
      nodes: 0.41,
      postgres: 0.37,
      redis: 0.04,
    });
  });

  it('leaves parts that were not measured, and a window without sends, unknown', () => {
    expect(cpuMsPerMessage({ nodes: 50, postgres: null, redis: undefined }, 1000)).toEqual({
      nodes: 0.5,
      postgres: null,
      redis: null,
    });
    expect(cpuMsPerMessage({ nodes: 50 }, 0)).toEqual({ nodes: null });
  });

  it('adds PostgreSQL and Redis for the table, and shows nothing on SQLite', () => {
    expect(dbMsPerMsg({ cpuMsPerMsg: { nodes: 0.41, postgres: 0.37, redis: 0.04 } })).toBe(0.41);
    expect(dbMsPerMsg({ cpuMsPerMsg: { nodes: 0.2, postgres: null, redis: null } })).toBeNull();
  });
});
