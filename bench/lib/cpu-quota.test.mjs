import { describe, expect, it } from 'vitest';
import { QUOTA_PERIOD_US, parseCpuStat, quotaFiles, throttleBetween } from './cpu-quota.mjs';

describe('quotaFiles', () => {
  it('writes a quarter of a core as 2.5 ms in each 10 ms period, in either cgroup version', () => {
    expect(QUOTA_PERIOD_US).toBe(10_000);
    expect(quotaFiles(1, 0.25)).toEqual({ 'cpu.cfs_period_us': '10000', 'cpu.cfs_quota_us': '2500' });
    expect(quotaFiles(2, 0.25)).toEqual({ 'cpu.max': '2500 10000' });
  });
  it('gives more than one core as a quota longer than the period, and never less than the kernel takes', () => {
    expect(quotaFiles(2, 1.5)).toEqual({ 'cpu.max': '15000 10000' });
    expect(quotaFiles(1, 0.01)['cpu.cfs_quota_us']).toBe('1000');
  });
});

describe('throttling between two readings', () => {
  it('reads cgroup v1 and v2 counters alike', () => {
    const v1 = 'nr_periods 3881\nnr_throttled 3251\nthrottled_time 22348514018\nnr_bursts 0\nburst_time 0\n';
    const v2 = 'usage_usec 9\nnr_periods 3881\nnr_throttled 3251\nthrottled_usec 22348514\n';
    expect(parseCpuStat(v1)).toEqual({ periods: 3881, throttled: 3251, throttledUs: 22348514.018 });
    expect(parseCpuStat(v2)).toEqual({ periods: 3881, throttled: 3251, throttledUs: 22348514 });
  });

  it('gives the share of periods that ran out of quota and the wait per second of the window', () => {
    const before = { periods: 1000, throttled: 100, throttledUs: 2_000_000 };
    const after = { periods: 2000, throttled: 850, throttledUs: 9_500_000 };
    expect(throttleBetween(before, after, 10)).toEqual({ throttledPct: 75, waitMsPerS: 750 });
    expect(throttleBetween(before, before, 10)).toEqual({ throttledPct: 0, waitMsPerS: 0 });
  });
});
