import { describe, expect, it } from 'vitest';
import { parseCommandStats, perMessage } from './redis-stats.mjs';

const info = (publish, evalsha) =>
  `# Commandstats\r\ncmdstat_publish:calls=${publish},usec=10,usec_per_call=1.00\r\ncmdstat_evalsha:calls=${evalsha},usec=5\r\ncmdstat_info:calls=3,usec=1\r\n`;

describe('Redis commands per message', () => {
  it('reads the calls of each command', () => {
    expect(parseCommandStats(info(12, 4))).toEqual({ publish: 12, evalsha: 4, info: 3 });
  });

  it('divides the window’s calls by the messages, leaving out the INFO that read them', () => {
    const before = parseCommandStats(info(100, 50));
    const after = { ...parseCommandStats(info(300, 150)), info: 4 };
    expect(perMessage(before, after, 200)).toEqual({
      publish: 1,
      commands: 1.5,
      byCommand: { publish: 1, evalsha: 0.5 },
    });
  });
});
