import { execFileSync } from 'node:child_process';
import { CliError, parseArgs, USAGE } from './cli.mjs';
import { closeAgents, configurePool, sourceAddresses } from './http.mjs';
import { combineReps, verdict } from './reps.mjs';
import { mergeSeconds, readStallLines } from './stalls.mjs';
import { isClean, runPoint } from './load.mjs';
import { summariseProfiles, summariseSqlTrace } from './profile.mjs';
import { readProc } from './procstat.mjs';
import { dbMsPerMsg, openReport, serverCpu, serverRss, table } from './report.mjs';
import { launch } from './server.mjs';
import { findEjabberdctl, INSTALL_HINT, launchEjabberd } from './ejabberd.mjs';
import { registerAdmin, newRunId } from './users.mjs';
import * as oneToOne from '../workloads/one-to-one.mjs';
import * as group from '../workloads/group.mjs';
import * as idle from '../workloads/idle.mjs';
import * as cold from '../workloads/cold.mjs';
import * as search from '../workloads/search.mjs';
import * as org from '../workloads/org.mjs';
import * as readList from '../workloads/read-list.mjs';
import * as compare from '../workloads/compare.mjs';
import * as disk from '../workloads/disk.mjs';
import * as pageCache from '../workloads/page-cache.mjs';
import * as firstLoad from '../workloads/first-load.mjs';
import * as reopen from '../workloads/reopen.mjs';

const log = (...a) => console.error(...a);
const LOAD = { 'one-to-one': oneToOne, group };
const DEFAULT_RATE = { 'one-to-one': 250, group: 20 };

const loadColumns = [
  ['rate', 'rate'],
  ['sent/s', 'sentPerS'],
  ['deliv/s', 'deliveredPerS'],
  ['lost', 'lost'],
  ['dup', 'dup'],
  ['err', 'errors'],
  ['skip', 'skipped'],
  ['wu skip', (r) => r.skippedWarmup ?? 0],
  ['e2e p50', 'e2e.p50'],
  ['p95', 'e2e.p95'],
  ['p99', 'e2e.p99'],
  ['max', 'e2e.max'],
  ['reply p50', 'http.p50'], // send → its answer (the HTTP response or the socket reply)
  ['reply p99', 'http.p99'],
  ['srv CPU%', serverCpu],
  ['srv ms/msg', 'cpuMsPerMsg.nodes'],
  ['db ms/msg', dbMsPerMsg],
  ['srv RSS MB', serverRss],
  ['gen CPU%', 'generatorCpuPct'],
  ['other CPU%', 'otherCpuPct'],
  ['rep', 'rep'],
  ['verdict', 'verdict'],
];

const secondColumns = [
  ['s', 's'],
  ['n', 'n'],
  ['e2e p99', 'p99'],
  ['max', 'max'],
  ['loop p99', 'eldP99'],
  ['loop max', 'eldMax'],
  ['GC ms', 'gcMs'],
  ['GC max', 'gcMaxMs'],
  ['batches', 'batches'],
  ['units max', 'unitsMax'],
  ['batch max', 'runMaxMs'],
  ['sync ms', 'syncMs'],
  ['sync max', 'syncMaxMs'],
  ['ckpt ms', 'copyMs'],
  ['ckpt sync max', 'fileSyncMaxMs'],
  ['gate ms', 'gateMs'],
  ['block ms', 'blockMs'],
  ['unit max', 'unitMaxMs'],
  ['gen loop max', 'genEldMax'],
  ['gen GC max', 'genGcMaxMs'],
];

function pinGenerator() {
  // Every thread of this process to core 1; the server was started on core 0.
  execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
}

/** Between points: wait (≤ 30 s) until the server is quiet, so one point's backlog does not spill into the next. */
async function coolDown(env) {
  const pids = env.nodes.map((n) => n.pid).filter(Boolean);
  const t0 = performance.now();
  while (pids.length && performance.now() - t0 < 30000) {
    const a = pids.map(readProc);
    await new Promise((r) => setTimeout(r, 500));
    const b = pids.map(readProc);
    const busy = a.some((x, i) => x && b[i] && (b[i].cpuS - x.cpuS) / ((b[i].t - x.t) / 1000) > 0.15);
    if (!busy) return;
  }
}

/** One repetition: a fresh server start (unless --no-fresh or --url), sockets opened, the point run. */
async function runRep(w, env, opts, rate, first) {
  if (opts.fresh && env.restart) {
    closeAgents(); // keep-alive connections to the old process are gone
    await env.restart();
  } else if (!first) await coolDown(env);
  const conns = await w.connect();
  try {
    const r = await runPoint({
      env,
      tracker: w.tracker,
      pick: w.pick,
      rate,
      opts,
      extra: { ...w.extra, backend: env.backend, nodes: env.nodes.length, pin: opts.pin, nodeCpu: opts.nodeCpu },
      send: w.send,
    });
    r.closedEarly = conns.closedEarly();
    r.clean = isClean(r, opts.p99Limit) && r.closedEarly === 0;
    if (opts.stalls && r.window) {
      const lines = env.stallFiles.flatMap((f) => readStallLines(f, r.window.from, r.window.to + 1000));
      r.seconds = mergeSeconds(r.bySecond, lines, r.generatorSeconds);
    }
    delete r.bySecond;
    delete r.generatorSeconds;
    return r;
  } finally {
    conns.closeAll();
  }
}

async function runLoad(kind, sweep, env, opts, ctx, report) {
  if (!opts.rate) opts.rate = kind === 'group' ? 100 : 500; // group: 100 msg/s ≈ 50,000 deliveries/s at 500 members
  if (opts.fresh && !env.restart) log('  --url: the servers are not restarted between repetitions');
  const w = await LOAD[kind].prepare({ env, opts, ...ctx });
  const rows = [];
  const points = [];
  const point = async (rate) => {
    const reps = [];
    for (let k = 0; k < opts.reps; k++) {
      log(
        `  point: ${rate} msg/s over ${opts.transport}, repetition ${k + 1}/${opts.reps}, ${opts.warmup}+${opts.duration} s`,
      );
      const r = await runRep(w, env, opts, rate, rows.length === 0);
      r.rep = k + 1;
      r.verdict = r.otherCpuPct > opts.otherCpuLimit ? 'not a result' : r.clean ? 'clean' : 'NOT clean';
      report.write(r);
      rows.push(r);
      reps.push(r);
      if (r.otherCpuPct > opts.otherCpuLimit) {
        const who = (r.otherTop ?? []).map((p) => `${p.comm} ${p.pct} %`).join(', ');
        log(
          `    other processes took ${r.otherCpuPct} % CPU (over ${opts.otherCpuLimit} %${who ? `: ${who}` : ''}) — this repetition is not a result`,
        );
      }
      log(
        `    sent ${r.sentPerS}/s, delivered ${r.deliveredPerS}/s, lost ${r.lost}, dup ${r.dup}, err ${r.errors}, skip ${r.skipped}${r.skippedWarmup ? ` (+${r.skippedWarmup} in the warm-up)` : ''}, p99 ${r.e2e.p99} ms${r.errorSamples ? ` (${r.errorSamples[0]})` : ''} → ${r.verdict}`,
      );
      if (r.redis)
        log(
          `    Redis per message sent: ${r.redis.publish} PUBLISH, ${r.redis.commands} commands in all (${Object.entries(
            r.redis.byCommand,
          )
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')})`,
        );
      if (r.throttle)
        log(
          `    CPU limit: ${r.throttle
            .map((t, i) =>
              t ? `node ${i} throttled in ${t.throttledPct} % of periods, ${t.waitMsPerS} ms/s waited` : `node ${i} –`,
            )
            .join('; ')}`,
        );
      if (r.seconds) log(`${table(r.seconds, secondColumns).replace(/^/gm, '      ')}`);
    }
    const c = combineReps(reps, opts);
    report.write({ kind: 'point', workload: kind, transport: opts.transport, ...c, verdict: verdict(c) });
    points.push(c);
    return c;
  };
  if (!sweep) {
    await point(opts.rate);
    return { rows, points };
  }
  let rate = opts.startRate || DEFAULT_RATE[kind];
  let good = 0;
  let bad = 0;
  // Up while clean; if the very first point fails, down until one is clean. Bounded by --max-points.
  // A point that is not a result (the machine was busy) decides nothing: the sweep stops there.
  for (let k = 0; k < opts.maxPoints && Math.round(rate) >= 1; k++) {
    const r = await point(Math.round(rate));
    if (!r.result) break;
    if (r.clean) {
      good = Math.round(rate);
      if (bad) break;
      rate *= opts.factor;
    } else {
      bad = Math.round(rate);
      if (good) break;
      rate /= opts.factor;
    }
  }
  for (let k = 0; bad && good && k < opts.refine && points.every((p) => p.result); k++) {
    const mid = Math.round((good + bad) / 2);
    if (mid <= good || mid >= bad) break;
    const r = await point(mid);
    if (!r.result) break;
    if (r.clean) good = mid;
    else bad = mid;
  }
  const result = points.every((p) => p.result);
  const summary = {
    workload: `sweep ${kind}`,
    transport: opts.transport,
    backend: env.backend,
    nodes: env.nodes.length,
    pin: opts.pin,
    reps: opts.reps,
    ...w.extra,
    saturationRate: good || null,
    firstFailingRate: bad || null,
    p99Limit: opts.p99Limit,
    result,
  };
  report.write(summary);
  return { rows, points, summary };
}

export async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs(argv);
  } catch (err) {
    if (err instanceof CliError) {
      console.error(`bench: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    throw err;
  }
  const { workload, target, opts } = parsed;
  if (workload === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (opts.backend === 'ejabberd' && !findEjabberdctl()) {
    console.error(`bench: ${INSTALL_HINT}`);
    return 2;
  }
  const hardStop = setTimeout(() => {
    console.error(`bench: hard stop after --timeout ${opts.timeout} s`);
    process.exit(3);
  }, opts.timeout * 1000);
  if (opts.pin) pinGenerator();
  const name = workload === 'sweep' || workload === 'compare' ? `${workload}-${target}` : workload;
  const report = openReport(opts, name);
  // Workloads that start no server: a table of rows and a line under it.
  const alone = { disk: [disk, `${opts.duration} s`], 'page-cache': [pageCache, `${opts.messages} messages`] }[
    workload
  ];
  if (alone) {
    const [module, what] = alone;
    try {
      const { rows, note } = await module.run({ opts, log, report });
      console.log(`\n${name} · ${what}\n${table(rows, module.columns)}\n${note}\n\nJSON lines: ${report.file}`);
      return 0;
    } finally {
      clearTimeout(hardStop);
    }
  }
  if (workload === 'compare') {
    configurePool({ conns: opts.conns, sources: opts.sources });
    try {
      const { windows, summary } = await compare.run({ opts, sources: sourceAddresses(opts.sources), log, report });
      console.log(
        `\n${name} · ${opts.transport} · ${opts.rate} msg/s · A = ${opts.against}, B = this checkout\n${table(windows, compare.columns)}`,
      );
      console.log(
        summary.pairs
          ? `\nB's server CPU per message / A's, over ${summary.pairs} paired rounds: mean ${summary.meanRatio} (rounds ${summary.minRatio}–${summary.maxRatio})`
          : '\nno paired round was a result',
      );
      console.log(`\nJSON lines: ${report.file}`);
      return 0;
    } catch (err) {
      console.error(`bench: ${err.message}`);
      return 1;
    } finally {
      closeAgents();
      clearTimeout(hardStop);
    }
  }
  log(
    `bench ${name}: backend ${opts.url ? 'external' : opts.backend}, ${opts.url ? opts.url : `${opts.nodes} node(s)`}${opts.pin ? ', pinned (server core 0, generator core 1)' : ''}${opts.nodeCpu ? `, ${opts.nodeCpu} core(s) per node` : ''}`,
  );
  const env =
    opts.backend === 'ejabberd'
      ? await launchEjabberd(opts, log)
      : await launch(
          opts,
          log,
          workload === 'search'
            ? { seed: search.seed(opts, log) }
            : workload === 'read-list'
              ? { seed: readList.seed(opts, log) }
              : {},
        );
  log(`  server: ${env.nodes.map((n) => `${n.url} pid ${n.pid}`).join(', ')}`);
  configurePool({ conns: opts.conns, sources: opts.sources });
  const ctx = { sources: sourceAddresses(opts.sources), runId: newRunId(), log, report };
  let code = 0;
  let output = '';
  try {
    if (!opts.url && env.backend !== 'ejabberd') await registerAdmin(env.nodes[0].url, ctx.runId);
    if (workload === 'one-to-one' || workload === 'group' || workload === 'sweep') {
      const kind = workload === 'sweep' ? target : workload;
      const { rows, summary } = await runLoad(kind, workload === 'sweep', env, opts, ctx, report);
      const notResult = rows.some((r) => r.verdict === 'not a result');
      let cols = kind === 'group' ? loadColumns.map((c) => (c[0] === 'rate' ? ['msg/s', 'rate'] : c)) : loadColumns;
      if (opts.callgrind)
        cols = [
          ...cols.slice(0, -2),
          ['kinstr/msg', 'kInstrPerMsg'],
          ['w/o JIT', 'kInstrNoJitPerMsg'],
          ...cols.slice(-2),
        ];
      output = `${name} · ${env.backend} · ${env.nodes.length} node(s)${opts.pin ? ' · pinned' : ''}${opts.nodeCpu ? ` · ${opts.nodeCpu} core/node` : ''} · ${opts.transport} · ${opts.sources} source(s)${opts.transport === 'xmpp' ? '' : `, ${opts.conns} HTTP conns`} · ${kind === 'group' ? `${rows[0]?.members} members, ${rows[0]?.senders} senders` : `${rows[0]?.users} users`} · e2e/reply in ms\n${table(rows, cols)}`;
      if (summary)
        output += `\nsaturation over ${opts.transport} (highest rate clean in all ${opts.reps} repetitions, p99 ≤ ${opts.p99Limit} ms, nothing lost): ${summary.saturationRate ?? 'none'} msg/s${summary.firstFailingRate ? `; first failing ${summary.firstFailingRate}` : ''}`;
      if (notResult)
        output += `\nNOT A RESULT: other processes took over ${opts.otherCpuLimit} % CPU during a repetition (see "other CPU%"); measure again on a quiet machine.`;
    } else {
      const w = { idle, search, org, 'read-list': readList, 'first-load': firstLoad, reopen }[workload] ?? cold;
      const rows = await w.run({ env, opts, ...ctx });
      output = `${name} · ${env.backend} · ${env.nodes.length} node(s)${opts.pin ? ' · pinned' : ''}\n${table(rows, w.columns)}`;
    }
  } catch (err) {
    code = 1;
    console.error(`bench: ${err.message}`);
  } finally {
    closeAgents();
    await env.stop();
    clearTimeout(hardStop);
  }
  if (output) console.log(`\n${output}\n\nJSON lines: ${report.file}`);
  const profiles = env.profiles();
  if (profiles.length) console.log(`\n${summariseProfiles(profiles)}`);
  for (const f of env.sqlTraces?.() ?? []) console.log(`\n${summariseSqlTrace(f)}`);
  return code;
}
