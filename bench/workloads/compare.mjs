import path from 'node:path';
import { closeAgents } from '../lib/http.mjs';
import { isClean, runPoint } from '../lib/load.mjs';
import { verdict } from '../lib/reps.mjs';
import { launch } from '../lib/server.mjs';
import { registerAdmin, newRunId } from '../lib/users.mjs';
import * as oneToOne from './one-to-one.mjs';

/**
 * Two checkouts measured in turns (issue 23). This kind of machine changed its speed by a tenth
 * and more within minutes, so a before and an after taken minutes apart measure the machine as
 * much as the change. Here both servers run at once, each on its own data with its own users and
 * sockets (both pinned to core 0 with --pin; the one not under load is idle), and take the same
 * load in alternating windows, A B, B A, A B, …: a drift hits both sides alike, and the pairs'
 * differences show the change. A is `--against` (a worktree of the baseline), B this checkout.
 */

/** Server CPU time per message sent in the window, in µs (null without a CPU figure). */
export const cpuPerMessageUs = (r) => {
  const pct = r.server?.[0]?.cpuPct;
  return pct == null || !r.sentPerS ? null : Math.round((pct / 100) * (1e6 / r.sentPerS));
};

/**
 * Pure: the rounds' windows as pairs (A and B of one round) and their summary: B's CPU per
 * message against A's, as a ratio per round and its mean and spread over the rounds.
 */
export function pairUp(windows) {
  const rounds = new Map();
  for (const w of windows) {
    const pair = rounds.get(w.round) ?? {};
    pair[w.side] = w;
    rounds.set(w.round, pair);
  }
  const ratios = [...rounds.values()]
    .filter((p) => p.A && p.B && cpuPerMessageUs(p.A) && cpuPerMessageUs(p.B))
    .map((p) => cpuPerMessageUs(p.B) / cpuPerMessageUs(p.A));
  if (ratios.length === 0) return { pairs: 0, meanRatio: null, minRatio: null, maxRatio: null };
  const mean = ratios.reduce((a, x) => a + x, 0) / ratios.length;
  const round3 = (x) => Math.round(x * 1000) / 1000;
  return {
    pairs: ratios.length,
    meanRatio: round3(mean),
    minRatio: round3(Math.min(...ratios)),
    maxRatio: round3(Math.max(...ratios)),
  };
}

export const columns = [
  ['round', 'round'],
  ['side', 'side'],
  ['rate', 'rate'],
  ['sent/s', 'sentPerS'],
  ['skip', 'skipped'],
  ['e2e p50', 'e2e.p50'],
  ['p99', 'e2e.p99'],
  ['srv CPU%', (r) => r.server?.[0]?.cpuPct ?? null],
  ['µs/msg', cpuPerMessageUs],
  ['gen CPU%', 'generatorCpuPct'],
  ['other CPU%', 'otherCpuPct'],
  ['verdict', 'verdict'],
];

export async function run({ opts, sources, log, report }) {
  const sides = [
    { side: 'A', root: path.resolve(opts.against) },
    { side: 'B', root: undefined },
  ];
  const windows = [];
  try {
    for (const s of sides) {
      log(`compare: side ${s.side} from ${s.root ?? 'this checkout'}`);
      s.env = await launch(opts, log, s.root ? { root: s.root } : {});
      const runId = newRunId();
      await registerAdmin(s.env.nodes[0].url, runId);
      s.w = await oneToOne.prepare({ env: s.env, opts, sources, runId, log });
    }
    for (const s of sides) {
      closeAgents(); // keep-alive connections to the set-up process are gone
      await s.env.restart(); // pinned now, if --pin
      s.conns = await s.w.connect();
    }
    for (let round = 1; round <= opts.rounds; round++) {
      for (const s of round % 2 ? sides : [...sides].reverse()) {
        log(
          `  round ${round}, side ${s.side}: ${opts.rate} msg/s over ${opts.transport}, ${opts.warmup}+${opts.duration} s`,
        );
        const r = await runPoint({
          env: s.env,
          tracker: s.w.tracker,
          pick: s.w.pick,
          rate: opts.rate,
          opts,
          extra: { ...s.w.extra, side: s.side, round, root: s.root ?? '.' },
        });
        r.clean = isClean(r, opts.p99Limit);
        r.result = !(r.otherCpuPct > opts.otherCpuLimit);
        r.verdict = verdict(r);
        delete r.bySecond;
        report.write(r);
        windows.push(r);
        log(
          `    sent ${r.sentPerS}/s, p99 ${r.e2e.p99} ms, server ${r.server?.[0]?.cpuPct} % = ${cpuPerMessageUs(r)} µs/msg → ${r.verdict}`,
        );
      }
    }
  } finally {
    for (const s of sides) {
      s.conns?.closeAll();
      await s.env?.stop();
    }
  }
  const summary = pairUp(windows.filter((w) => w.result));
  report.write({ kind: 'compare', against: opts.against, rate: opts.rate, transport: opts.transport, ...summary });
  return { windows, summary };
}
