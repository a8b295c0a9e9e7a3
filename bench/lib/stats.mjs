/** Latency samples and percentiles (pure). Samples are kept exactly: runs are bounded. */

/** Nearest-rank percentile of an ascending array; p in [0, 100]. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  if (p <= 0) return sorted[0];
  if (p >= 100) return sorted[sorted.length - 1];
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)];
}

export class Samples {
  constructor() {
    this.values = [];
    this.sorted = true;
  }
  add(v) {
    if (this.values.length && v < this.values[this.values.length - 1]) this.sorted = false;
    this.values.push(v);
  }
  get count() {
    return this.values.length;
  }
  /** { count, p50, p95, p99, max, mean } rounded to 0.01 ms; nulls when empty. */
  summary() {
    if (!this.sorted) {
      this.values.sort((a, b) => a - b);
      this.sorted = true;
    }
    const v = this.values;
    const r = (x) => (x === null ? null : Math.round(x * 100) / 100);
    const mean = v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
    return {
      count: v.length,
      p50: r(percentile(v, 50)),
      p95: r(percentile(v, 95)),
      p99: r(percentile(v, 99)),
      max: r(percentile(v, 100)),
      mean: r(mean),
    };
  }
}
