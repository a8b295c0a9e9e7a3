/**
 * How fast a server fills its old space: the bytes its scavenges promoted per message sent, from
 * a log written with `--trace-gc-nvp` (`BENCH_NODE_ARGS=--trace-gc-nvp … --keep`; the log is
 * `server.log` in the kept data directory). Old-space growth is what brings on the major GCs, and a
 * major GC in a run's window was its worst second at 5,000 msg/s (docs/performance.md, issue 23,
 * twelfth pass).
 *
 *   node bench/lib/gc-promoted.mjs <server.log> <msg/s> [scavenges]
 *
 * Reads the last `scavenges` (20) scavenges before the end of the load, skipping the last five
 * (the load's end and the shutdown), and divides what they promoted by the messages sent in the
 * time they cover (mutator plus pause). It also prints the median promotion rate, V8's share of the
 * previous scavenge's survivors that survived this one: near 100 % means the survivors were
 * long-lived, or were kept by old-space garbage pointing at them.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { percentile } from './stats.mjs';

/** The scavenges of a `--trace-gc-nvp` log: `{ ms, promoted, survived, promotionRate }` each. */
export function scavenges(text) {
  const out = [];
  for (const line of text.split('\n')) {
    if (!/\bgc=s\b/.test(line)) continue;
    const field = (name) => {
      const m = line.match(new RegExp(`\\b${name}=([0-9.]+)`));
      return m ? Number(m[1]) : undefined;
    };
    const mutator = field('mutator');
    const pause = field('pause');
    const promoted = field('promoted');
    if (mutator === undefined || pause === undefined || promoted === undefined) continue;
    out.push({
      ms: mutator + pause,
      promoted,
      survived: field('new_space_survived') ?? 0,
      promotionRate: field('promotion_rate') ?? 0,
    });
  }
  return out;
}

/** Bytes promoted per message over `list`, at `rate` messages a second. */
export function promotedPerMessage(list, rate) {
  const ms = list.reduce((s, g) => s + g.ms, 0);
  const bytes = list.reduce((s, g) => s + g.promoted, 0);
  return ms > 0 ? bytes / ((ms / 1000) * rate) : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, rateArg, countArg] = process.argv.slice(2);
  const rate = Number(rateArg);
  if (!file || !(rate > 0)) {
    console.error('usage: node bench/lib/gc-promoted.mjs <server.log> <msg/s> [scavenges]');
    process.exit(2);
  }
  const all = scavenges(fs.readFileSync(file, 'utf8'));
  const count = Number(countArg ?? 20);
  const list = all.slice(Math.max(0, all.length - 5 - count), Math.max(0, all.length - 5));
  if (list.length === 0) {
    console.error(`no scavenges in ${file}: was the server started with --trace-gc-nvp?`);
    process.exit(1);
  }
  const ms = list.reduce((s, g) => s + g.ms, 0);
  console.log(
    `${promotedPerMessage(list, rate).toFixed(0)} B promoted per message over ${list.length} scavenges ` +
      `(${(ms / 1000).toFixed(1)} s, one every ${(ms / list.length).toFixed(0)} ms); ` +
      `median promotion rate ${percentile(
        list.map((g) => g.promotionRate).sort((a, b) => a - b),
        50,
      ).toFixed(1)} %`,
  );
}
