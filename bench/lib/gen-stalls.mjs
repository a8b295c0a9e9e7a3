import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

/**
 * The generator's own stalls, per wall-clock second: its event-loop delay and GC pauses. The
 * generator reads every push on one core; when it stalls, the pushes wait in its socket buffers
 * and their latency is the bench's, not the server's. `--stalls` sets these beside the server's.
 * Returns { stop() → Map epoch second → { eldMax, gcMs, gcMaxMs } }.
 */
export function startGeneratorStalls() {
  const seconds = new Map();
  const row = (sec) => {
    let r = seconds.get(sec);
    if (!r) seconds.set(sec, (r = { eldMax: 0, gcMs: 0, gcMaxMs: 0 }));
    return r;
  };
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  // A reading ends the second before it (as the server's stall lines do).
  const tick = setInterval(() => {
    const r = row(Math.floor((Date.now() - 1) / 1000));
    r.eldMax = Math.max(r.eldMax, round(eld.max / 1e6));
    eld.reset();
  }, 1000);
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const r = row(Math.floor((performance.timeOrigin + e.startTime) / 1000));
      r.gcMs = round(r.gcMs + e.duration);
      r.gcMaxMs = Math.max(r.gcMaxMs, round(e.duration));
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      clearInterval(tick);
      eld.disable();
      gc.disconnect();
      return seconds;
    },
  };
}

const round = (ms) => Math.round(ms * 100) / 100;
