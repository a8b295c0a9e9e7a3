import { describe, expect, it } from 'vitest';
import { QUOTA_PERIOD_US, quotaFiles } from './cpu-quota.mjs';

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
