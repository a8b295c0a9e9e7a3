import fs from 'node:fs';

/**
 * The server's stall log (PARLEY_STALL_LOG, written by apps/server/src/platform/diagnostics/
 * stall-log.ts: one JSON line per second with event-loop delay and GC pauses) set beside each
 * second's end-to-end latency of a point.
 */

/** Lines of `file` whose second ended within [fromMs, toMs] (epoch ms); [] when there is no file. */
export function readStallLines(file, fromMs, toMs) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const l = JSON.parse(line);
      if (l.t >= fromMs && l.t <= toMs) out.push(l);
    } catch {
      /* a line cut by the server's stop */
    }
  }
  return out;
}

/**
 * Pure. `bySecond`: Map epoch second → Samples of e2e latency delivered in that second;
 * `lines`: stall lines (a line's `t` ends the second it describes). One row per second with
 * both sides, in time order: { s (seconds since the first), n, p99, max, eldP99, eldMax, gcMs, gcMaxMs, and on SQLite
 * batches, unitsMax, runMaxMs, syncMs, syncMaxMs, copyMs, fileSyncMaxMs (a checkpoint's database-file sync), gateMs (batches waiting for it), blockMs, unitMaxMs (the longest a send spent in group commit),
 * and from `gen` (the generator's own, gen-stalls.mjs: Map epoch second → { eldMax, gcMaxMs }) genEldMax, genGcMaxMs }.
 */
export function mergeSeconds(bySecond, lines, gen = new Map()) {
  const stall = new Map();
  for (const l of lines) stall.set(Math.floor((l.t - 1) / 1000), l);
  const seconds = [...new Set([...bySecond.keys(), ...stall.keys()])].sort((a, b) => a - b);
  const first = seconds[0];
  return seconds.map((sec) => {
    const lat = bySecond.get(sec)?.summary();
    const st = stall.get(sec);
    return {
      s: sec - first,
      n: lat?.count ?? 0,
      p99: lat?.p99 ?? null,
      max: lat?.max ?? null,
      eldP99: st?.eld.p99 ?? null,
      eldMax: st?.eld.max ?? null,
      gcMs: st?.gc.ms ?? null,
      gcMaxMs: st?.gc.maxMs ?? null,
      // SQLite only (the server's db-timings.ts): group commits, WAL syncs, checkpoints.
      batches: st?.db?.batches ?? null,
      unitsMax: st?.db?.unitsMax ?? null,
      runMaxMs: st?.db?.runMaxMs ?? null,
      syncMs: st?.db?.syncMs ?? null,
      syncMaxMs: st?.db?.syncMaxMs ?? null,
      copyMs: st?.db?.copyMs ?? null,
      fileSyncMaxMs: st?.db?.fileSyncMaxMs ?? null,
      gateMs: st?.db?.gateMs ?? null,
      blockMs: st?.db ? st.db.blockingSyncMs : null,
      unitMaxMs: st?.db?.unitMaxMs ?? null,
      genEldMax: gen.get(sec)?.eldMax ?? null,
      genGcMaxMs: gen.get(sec)?.gcMaxMs ?? null,
    };
  });
}
