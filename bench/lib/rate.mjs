/**
 * Open-loop rate scheduling (pure parts plus a small driver). Message i is due at
 * start + i / rate; a tick sends everything due, so a slow tick catches up instead of
 * silently lowering the rate. In-flight work is capped: a send that would exceed the cap is
 * counted as skipped, which makes the point unclean rather than hiding overload. Skips before
 * `countFromMs` (the warm-up, which absorbs a freshly started server's first seconds) are counted
 * apart, as `skippedBefore`: shown, not judged.
 */

/** How many sends are due after `elapsedMs` at `rate` per second, never more than `total`. */
export function dueCount(elapsedMs, rate, total) {
  if (elapsedMs < 0 || rate <= 0) return 0;
  return Math.min(total, Math.floor((elapsedMs * rate) / 1000) + 1);
}

/** Total sends of a run of `durationS` at `rate`. */
export function totalSends(rate, durationS) {
  return Math.max(0, Math.round(rate * durationS));
}

/**
 * Runs `send(i)` for i in [0, total) on schedule. `send` returns a promise; at most
 * `maxInflight` are pending. Resolves when every send has settled or `deadlineMs` passed.
 * Returns { sent, skipped, skippedBefore, maxLagMs }.
 */
export function runSchedule({
  rate,
  durationS,
  maxInflight = 5000,
  tickMs = 2,
  countFromMs = 0,
  send,
  now = () => performance.now(),
}) {
  const total = totalSends(rate, durationS);
  const start = now();
  let next = 0;
  let inflight = 0;
  let skipped = 0;
  let skippedBefore = 0;
  let maxLagMs = 0;
  return new Promise((resolve) => {
    let finished = false;
    const done = () => {
      if (finished || next < total || inflight > 0) return;
      finished = true;
      resolve({
        sent: total - skipped - skippedBefore,
        skipped,
        skippedBefore,
        maxLagMs: Math.round(maxLagMs * 10) / 10,
      });
    };
    const tick = () => {
      const t = now();
      const due = dueCount(t - start, rate, total);
      while (next < due) {
        const i = next++;
        const lag = t - (start + (i * 1000) / rate);
        if (lag > maxLagMs) maxLagMs = lag;
        if (inflight >= maxInflight) {
          if ((i * 1000) / rate < countFromMs) skippedBefore++;
          else skipped++;
          continue;
        }
        inflight++;
        Promise.resolve()
          .then(() => send(i))
          .catch(() => undefined)
          .finally(() => {
            inflight--;
            done();
          });
      }
      if (next < total) setTimeout(tick, tickMs);
      else done();
    };
    tick();
  });
}
