import { describe, expect, it } from 'vitest';
import { promotedPerMessage, scavenges } from './gc-promoted.mjs';

const scavenge = (mutator, pause, promoted, rate = 90.5) =>
  `[1:0x1]   11682 ms: pause=${pause} mutator=${mutator} gc=s reduce_memory=0 scavenge=2.01 ` +
  `total_size_before=167861400 allocated=53303184 promoted=${promoted} new_space_survived=781200 ` +
  `promotion_ratio=1.3% average_survival_ratio=2.8% promotion_rate=${rate}% new_space_survive_rate_=1.4%`;

describe('gc-promoted', () => {
  it('reads the scavenges of a --trace-gc-nvp log and nothing else', () => {
    const log = [
      'server listening',
      scavenge(154.9, 2.2, 715896),
      '[1:0x1] 16893 ms: pause=10.0 mutator=500.0 gc=mc promoted=999',
      scavenge(153.1, 2.8, 711744, 91.1),
    ].join('\n');
    const list = scavenges(log);
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({ ms: 157.1, promoted: 715896, survived: 781200, promotionRate: 90.5 });
    expect(list[1]?.promotionRate).toBe(91.1);
  });

  it('divides the bytes promoted by the messages sent in the time the scavenges cover', () => {
    // 1 s of mutator and pause at 2,500 msg/s, 1,000,000 bytes promoted: 400 B a message.
    const list = scavenges([scavenge(498, 2, 500_000), scavenge(497, 3, 500_000)].join('\n'));
    expect(promotedPerMessage(list, 2500)).toBeCloseTo(400, 6);
    expect(promotedPerMessage([], 2500)).toBe(0);
  });
});
