import { randomUUID, randomBytes } from 'node:crypto';
import { post } from './http.mjs';
import { socketCall } from './sockets.mjs';
import { machineCpu, machinePct, readProc, sampler, snapshotAll, splitCpu } from './procstat.mjs';
import { runSchedule } from './rate.mjs';
import { startGeneratorStalls } from './gen-stalls.mjs';
import { startCounting, stopCounting } from './callgrind.mjs';
import { newPoint } from './tracker.mjs';
import { LISTEN_HOST } from './server.mjs';
import { perMessage, readCommandStats } from './redis-stats.mjs';
import { throttleBetween } from './cpu-quota.mjs';
import { cpuMsPerMessage } from './report.mjs';

/**
 * `--ids time`: message ids as the web client makes them (`newMessageId` in @parley/protocol, a
 * UUIDv7 that grows with time); the default, random ones (`crypto.randomUUID()`), as any client of
 * the protocol may send (docs/performance.md, "What the WAL carries").
 */
function timeOrderedId() {
  const b = randomBytes(16);
  const ms = Date.now();
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (b[6] & 0x0f);
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One measured point of message load: sendMessage at `rate` for warmup + duration seconds,
 * open loop; then wait up to `drain` s for the pushes still due. `pick(i)` names the sender,
 * the target conversation and the recipients of message i; `send` sends it (Parley's API by
 * default; the workload's own for ejabberd) and resolves with the answer, or null when there is none.
 */
export async function runPoint({ env, tracker, pick, rate, opts, extra, send = sendParley }) {
  const { warmup, duration, drain, maxInflight } = opts;
  const point = newPoint(extra);
  const warmupMs = warmup * 1000;
  const smp = sampler(env.nodes.map((n) => n.pid).filter(Boolean));
  const gen0 = readProc(process.pid);
  const genStalls = opts.stalls ? startGeneratorStalls() : null;
  let sampling = false;
  let mach0 = null;
  let procs0 = null;
  let wall0 = null;
  /** With --backend pg: Redis's command counts at the window's start (a promise, read beside the load). */
  let redis0 = null;
  /** With --node-cpu: each node's CPU-limit counters at the window's start (cpu-quota.mjs). */
  let quota0 = [];
  const countedPids = opts.callgrind ? env.nodes.map((n) => n.pid).filter(Boolean) : [];
  const startSampling = setTimeout(() => {
    for (const pid of countedPids) startCounting(pid, LISTEN_HOST);
    mach0 = machineCpu();
    procs0 = snapshotAll();
    wall0 = Date.now();
    if (env.backend === 'pg') redis0 = readCommandStats().catch(() => null);
    quota0 = env.nodes.map((n) => n.quota?.stat() ?? null);
    smp.start();
    sampling = true;
  }, warmupMs);
  const t0 = performance.now();
  let lastSendAt = t0;
  const sched = await runSchedule({
    rate,
    durationS: warmup + duration,
    maxInflight,
    countFromMs: warmupMs,
    send: async (i) => {
      const { sender, to, recipients } = pick(i);
      const id = opts.ids === 'time' ? timeOrderedId() : randomUUID();
      const start = performance.now();
      lastSendAt = start;
      const counted = start - t0 >= warmupMs;
      const m = tracker.expect(id, { t0: start, point, recipients, counted });
      point.sent++;
      if (counted) point.sentWindow++;
      // A send without an answer to wait for (XMPP) is accepted once written and has no reply time.
      let answered = true;
      try {
        const env2 = await send({ sender, to, id, i, opts, sentAt: start });
        answered = env2 !== null;
        if (!answered || env2.code === 0) {
          m.ok = true;
          point.accepted++;
        } else {
          point.errors++;
          if (point.errorSamples.length < 3) point.errorSamples.push(`${env2.code} ${env2.msg}`);
        }
      } catch (err) {
        point.errors++;
        if (point.errorSamples.length < 3) point.errorSamples.push(err.message);
      }
      if (counted && answered) point.http.add(performance.now() - start);
    },
  });
  clearTimeout(startSampling);
  // The window's instructions, counted before the drain (whose idle waiting is not the window's).
  const counts = sampling ? countedPids.map((pid) => stopCounting(pid, LISTEN_HOST, env.dataDir)) : [];
  const instructions = counts.length ? counts.reduce((sum, c) => sum + c.total, 0) : null;
  const compilerInstr = counts.reduce((sum, c) => sum + c.compiler, 0);
  const generatorSeconds = genStalls?.stop();
  const server = sampling ? smp.stop() : [];
  const windowS = wall0 ? (Date.now() - wall0) / 1000 : 0;
  const throttle = env.nodes.some((n) => n.quota)
    ? env.nodes.map((n, i) => {
        const now = n.quota?.stat();
        return quota0[i] && now ? throttleBetween(quota0[i], now, windowS) : null;
      })
    : undefined;
  const machineCpuPct = machinePct(mach0, machineCpu());
  const gen1 = readProc(process.pid);
  // Who else used the machine meanwhile: PostgreSQL and Redis belong to the system under test.
  const serverPids = env.nodes.map((n) => n.pid).filter(Boolean);
  const dbComms = env.backend === 'pg' ? ['postgres', 'redis-server'] : [];
  const procs1 = procs0 ? snapshotAll() : null;
  const split = procs0 ? splitCpu(procs0, procs1, { pids: [...serverPids, process.pid], comms: dbComms }) : null;
  const dbCpuPct = procs0 && dbComms.length ? splitCpu(procs0, procs1, { comms: dbComms }).oursPct : 0;
  const dbPct = (comm) => (procs0 && dbComms.length ? splitCpu(procs0, procs1, { comms: [comm] }).oursPct : null);
  const redisBefore = await redis0;
  const redisAfter = redisBefore ? await readCommandStats().catch(() => null) : null;
  const redis = redisBefore && redisAfter ? perMessage(redisBefore, redisAfter, point.sentWindow) : undefined;
  const sendEnd = performance.now();
  // Drain: wait until every accepted message has all its deliveries, or the drain time passed.
  const until = sendEnd + drain * 1000;
  const expected = expectedDeliveries(tracker, point);
  while (performance.now() < until && point.delivered < expected) {
    await new Promise((r) => setTimeout(r, 50));
  }
  tracker.settle(point);
  // Sent/s over the sending window; delivered/s from the window start to the last delivery.
  const sendWindowS = Math.max(0.001, (lastSendAt - t0 - warmupMs) / 1000);
  const deliverWindowS = Math.max(0.001, ((point.lastDeliveryAt ?? lastSendAt) - t0 - warmupMs) / 1000);
  const sentPerS = Math.round(point.sentWindow / sendWindowS);
  return {
    ...extra,
    rate,
    duration,
    sent: point.sent,
    sentPerS,
    accepted: point.accepted,
    errors: point.errors,
    skipped: sched.skipped,
    skippedWarmup: sched.skippedBefore,
    delivered: point.delivered,
    deliveredPerS: Math.round(point.deliveredWindow / deliverWindowS),
    lost: point.lost,
    dup: point.dup,
    echo: point.echo,
    e2e: point.e2e.summary(),
    http: point.http.summary(),
    bySecond: point.bySecond,
    generatorSeconds,
    maxLagMs: sched.maxLagMs,
    ...(instructions === null
      ? {}
      : {
          instructions,
          compilerInstructions: compilerInstr,
          kInstrPerMsg: Math.round(instructions / Math.max(1, point.sentWindow) / 1000),
          kInstrNoJitPerMsg: Math.round((instructions - compilerInstr) / Math.max(1, point.sentWindow) / 1000),
        }),
    server,
    machineCpuPct,
    // CPU used by anything but the server nodes, their database and this generator (other work on
    // the machine): the larger of the machine's residue and the sum over other processes.
    otherCpuPct:
      machineCpuPct === null || !server.length
        ? null
        : Math.max(
            split?.otherPct ?? 0,
            Math.round(
              machineCpuPct -
                server.reduce((a, x) => a + (x.cpuPct ?? 0), 0) -
                dbCpuPct -
                (gen0 && gen1 ? ((gen1.cpuS - gen0.cpuS) / ((gen1.t - gen0.t) / 1000)) * 100 : 0),
            ),
            0,
          ),
    otherTop: split?.top.length ? split.top : undefined,
    dbCpuPct: dbComms.length ? dbCpuPct : undefined,
    // CPU time per message sent in the window, read from /proc per process (no sampler beside the load).
    cpuMsPerMsg: cpuMsPerMessage(
      {
        nodes: server.reduce((a, x) => a + (x.cpuPct ?? 0), 0),
        postgres: dbPct('postgres'),
        redis: dbPct('redis-server'),
      },
      sentPerS,
    ),
    redis,
    throttle,
    transport: opts.transport,
    window: wall0 ? { from: wall0, to: Date.now() } : null,
    generatorCpuPct:
      gen0 && gen1 ? Math.round(((gen1.cpuS - gen0.cpuS) / ((gen1.t - gen0.t) / 1000)) * 1000) / 10 : null,
    errorSamples: point.errorSamples.length ? point.errorSamples : undefined,
  };
}

/** Parley's sendMessage over HTTP POST or as a §11.6 call on the sender's socket: resolves with the envelope. */
function sendParley({ sender, to, id, i, opts }) {
  const body = { id, type: 'text', content: `bench ${i}`, toContactId: to };
  return opts.transport === 'socket'
    ? socketCall(sender.sock, '/enterprise/im/sendMessage', body)
    : post(sender.base, '/enterprise/im/sendMessage', body, { token: sender.token, localAddress: sender.src });
}

function expectedDeliveries(tracker, point) {
  let n = 0;
  for (const m of tracker.msgs.values()) if (m.point === point && m.ok) n += m.recipients.size;
  return n;
}

/**
 * A point is clean when nothing was lost, duplicated, refused or skipped and p99 is within the
 * limit. Skips are judged in the measured window only: those of the warm-up (a fresh server's
 * first seconds, its code not yet compiled) are reported as `skippedWarmup`.
 */
export function isClean(r, p99Limit) {
  return (
    r.lost === 0 && r.dup === 0 && r.errors === 0 && r.skipped === 0 && r.e2e.p99 !== null && r.e2e.p99 <= p99Limit
  );
}
