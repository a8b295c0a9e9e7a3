/** Command line: `bench <workload> [sub] [--option value | --flag]` (pure). */

export const WORKLOADS = [
  'one-to-one',
  'group',
  'idle',
  'cold',
  'search',
  'org',
  'read-list',
  'sweep',
  'compare',
  'disk',
  'page-cache',
  'first-load',
  'reopen',
];
export const SWEEPABLE = ['one-to-one', 'group'];

export const DEFAULTS = {
  backend: 'sqlite', // sqlite (one node) | pg (PostgreSQL + Redis, --nodes, default 2) | ejabberd (reference, issue 41)
  nodes: 0, // 0 = 1 for sqlite, 2 for pg
  url: '', // a running server (comma-separated for several nodes); no launch
  users: 200,
  rate: 0, // messages per second, all senders together; 0 = workload default (one-to-one 500, group 100)
  duration: 10, // seconds of measured sending per point
  warmup: 2, // seconds of sending before the measured window (not counted)
  drain: 5, // seconds to wait for outstanding pushes after the last send
  members: 500,
  senders: 4,
  readWithin: 0, // group: in every second repetition the other members each open the chat once per this many seconds (0 = never)
  conns: 0, // 0 = workload default: idle 1000 sockets; one-to-one/group 64 keep-alive HTTP connections in all
  ids: 'random', // one-to-one/group message ids: random (crypto.randomUUID) | time (UUIDv7, as the web client makes them)
  transport: 'http', // one-to-one/group sends: http (POST) | socket (PROTOCOL §11.6 call frames on the sender's socket)
  reps: 0, // repetitions per point, each after a fresh server start; 0 = 2 for sweeps, 1 otherwise
  fresh: true, // restart the server (same data) before each repetition; --no-fresh keeps it running
  stalls: false, // server event-loop delay and GC pauses per second beside each second's latency
  otherCpuLimit: 10, // % of a core other processes may take during a point before it is not a result
  connsPerUser: 10,
  hold: 30, // idle: seconds to hold the sockets (covers one heartbeat at 25 s)
  chat: 0, // idle: then this many one-to-one messages and a 50-member group with a tenth as many (0 = none)
  conversations: 500,
  messages: 100000,
  pages: 50,
  repeat: 20, // search: timed requests per query; cold: logins and list reads; first-load, reopen: page loads
  backfill: false, // search: store the messages without index rows and time the server's backfill
  scroll: false, // org: also flick through the 2,000-person department in Chromium at phone size (lib/phone-scroll.mjs)
  p99Limit: 100, // ms, sweep stop rule
  startRate: 0, // sweep: 0 = workload default
  factor: 1.5, // sweep: rate multiplier while clean
  maxPoints: 12, // sweep: bounded number of points
  refine: 2, // sweep: bisection steps between last clean and first failing rate
  sources: 16, // 127.0.0.2 … 127.0.0.(1+sources) as client source addresses
  maxInflight: 4000,
  pin: false,
  nodeCpu: 0, // cores each node may use (a CFS quota, lib/cpu-quota.mjs: a node with a core of its own); 0 = no limit
  cpuProf: false,
  traceSql: false, // SQLite: time every statement in the server, totals to bench/results/sql-trace-*.json
  callgrind: false, // measured servers under valgrind: instructions per message in the window (callgrind.mjs)
  keep: false,
  out: '', // JSON lines file; default bench/results/<workload>-<backend>-<time>.jsonl
  label: '',
  serve: 'serve', // the root package.json script whose environment and Node flags the server runs with (serve:small)
  against: '', // compare: the other checkout (a worktree of the baseline), measured beside this one
  rounds: 4, // compare: rounds of one window on each side (order A B, then B A, …)
  timeout: 900, // seconds: hard stop for the whole run
  gapMs: 5, // disk: pause between two syncs
  cacheKb: '65536,8192,2048', // page-cache: SQLite page cache sizes to measure, in kB (the first is the reference)
};

const NUMERIC = new Set(Object.keys(DEFAULTS).filter((k) => typeof DEFAULTS[k] === 'number'));
const BOOLEAN = new Set(Object.keys(DEFAULTS).filter((k) => typeof DEFAULTS[k] === 'boolean'));

const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

export class CliError extends Error {}

/** argv without node and script. Returns { workload, target, opts }. */
export function parseArgs(argv) {
  const opts = { ...DEFAULTS };
  const given = new Set(); // options named on the command line (some do not apply to ejabberd)
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') return { workload: 'help', target: null, opts };
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    let [key, value] = a.slice(2).split(/=(.*)/s, 2);
    key = camel(key);
    if (key.startsWith('no') && BOOLEAN.has(key[2]?.toLowerCase() + key.slice(3))) {
      opts[key[2].toLowerCase() + key.slice(3)] = false;
      continue;
    }
    if (!(key in DEFAULTS)) throw new CliError(`unknown option --${a.slice(2).split('=')[0]}`);
    given.add(key);
    if (BOOLEAN.has(key)) {
      opts[key] = value === undefined ? true : !['0', 'false', 'no'].includes(value);
      continue;
    }
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined) throw new CliError(`--${a.slice(2)} needs a value`);
    }
    if (NUMERIC.has(key)) {
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new CliError(`--${a.slice(2).split('=')[0]} must be a number ≥ 0`);
      opts[key] = n;
    } else opts[key] = value;
  }
  const [workload, target, ...rest] = positional;
  if (!workload) throw new CliError(`name a workload: ${WORKLOADS.join(', ')}`);
  if (!WORKLOADS.includes(workload)) throw new CliError(`unknown workload "${workload}" (${WORKLOADS.join(', ')})`);
  if (workload === 'sweep') {
    if (!SWEEPABLE.includes(target)) throw new CliError(`sweep what? ${SWEEPABLE.join(' or ')}`);
  } else if (workload === 'compare') {
    if (target !== 'one-to-one') throw new CliError('compare what? one-to-one');
    if (!opts.against) throw new CliError('compare needs --against <checkout of the baseline>');
    if (opts.backend !== 'sqlite' || opts.url) throw new CliError('compare runs two SQLite servers of its own');
  } else if (target !== undefined) throw new CliError(`unexpected argument "${target}"`);
  if (rest.length) throw new CliError(`unexpected argument "${rest[0]}"`);
  if (!['sqlite', 'pg', 'ejabberd'].includes(opts.backend)) throw new CliError('--backend is sqlite, pg or ejabberd');
  if (opts.backend === 'ejabberd') checkEjabberd(workload, target, opts, given);
  if (!opts.nodes) opts.nodes = opts.backend === 'pg' ? 2 : 1;
  if (opts.backend === 'sqlite' && opts.nodes > 1 && !opts.url) throw new CliError('several nodes need --backend pg');
  if (opts.sources < 1 || opts.sources > 250) throw new CliError('--sources is 1–250');
  if (opts.factor <= 1) throw new CliError('--factor must be > 1');
  if (
    !['http', 'socket', 'xmpp'].includes(opts.transport) ||
    (opts.transport === 'xmpp') !== (opts.backend === 'ejabberd')
  )
    throw new CliError('--transport is http or socket');
  if (!['random', 'time'].includes(opts.ids)) throw new CliError('--ids is random or time');
  if (!/^[1-9]\d*(,[1-9]\d*)*$/.test(String(opts.cacheKb)))
    throw new CliError('--cache-kb is a comma-separated list of sizes in kB, e.g. 65536,8192');
  if (opts.nodeCpu && (opts.url || workload === 'compare'))
    throw new CliError('--node-cpu limits the nodes the bench starts itself (no --url, no compare)');
  if (!opts.conns) opts.conns = workload === 'idle' ? 1000 : 64;
  if (!opts.reps) opts.reps = workload === 'sweep' ? 2 : 1;
  if (opts.callgrind && (!opts.fresh || opts.url || !['one-to-one', 'group'].includes(workload)))
    throw new CliError(
      '--callgrind counts a one-to-one or group point on servers the bench restarts (no --url, no --no-fresh)',
    );
  return { workload, target: target ?? null, opts };
}

/** ejabberd runs the one-to-one load only, on one node it starts itself, over XMPP's WebSocket binding. */
function checkEjabberd(workload, target, opts, given) {
  if ((workload === 'sweep' ? target : workload) !== 'one-to-one')
    throw new CliError('--backend ejabberd runs one-to-one (or sweep one-to-one)');
  const not = ['url', 'transport', 'nodes', 'nodeCpu', 'stalls', 'cpuProf', 'traceSql', 'callgrind', 'serve'].find(
    (k) => given.has(k),
  );
  if (not)
    throw new CliError(
      `--${not.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} does not apply to --backend ejabberd (one node it starts, XMPP over WebSocket)`,
    );
  opts.transport = 'xmpp';
}

export const USAGE = `usage: npm run bench -- <workload> [options]

workloads
  one-to-one             pairs of users exchange messages at --rate for --duration
  group                  one group of --members, --senders members send at --rate
  idle                   --conns sockets held --hold seconds with heartbeats; RSS per connection; --chat N
                         then sends N one-to-one messages and N/10 in a 50-member group: RSS after, and highest
  cold                   --repeat logins → getContacts with --conversations, then --repeat getContacts of one
                         session (server CPU each); getMessageList pages of --messages
  search                 --messages seeded over --conversations straight into the database; search latency
                         per query (--repeat each); --backfill times the index backfill instead
  org                    10,000 people in 300 departments through the CSV import, then org/tree and
                         org/members of a 2,000-person department (--repeat each); --scroll also flicks through that
                         department on a phone in Chromium: frame intervals, rows in the DOM, rows reached
  read-list              a group of --members seeded straight into the database, half of whom have read the
                         owner's message; the owner's readList latency (--repeat each: both lists, 20 and 100 rows)
  sweep one-to-one|group raise the rate (×--factor) until p99 > --p99-limit ms or a loss
  compare one-to-one     this checkout (B) against --against DIR (A, a worktree of the baseline): both servers
                         run at once and take --rate in turns, --rounds [4] rounds of one window each (A B, B A,
                         …); prints server CPU per message per window and B/A over the paired rounds
  disk                   no server: fdatasync of a 16 kB write every --gap-ms [5] for --duration s on the
                         servers' filesystem; the sync tail and the seconds with a sync ≥ 50 / 100 ms
  first-load             the login page in Chromium on "Fast 3G" with the CPU slowed 4×, cold cache, --repeat
                         [20] loads: JS files and kB fetched until the form accepts input, and when it does
  reopen                 a returning person with --conversations [500] chats reopens the installed web app in
                         Chromium on "Fast 3G", --repeat [20] reloads: when the first row shows, when the chat
                         list's fresh answer arrives and its kB, kB in all (needs \`npm run build\`)
  page-cache             no server: SQLite alone, --messages rows; a 20-row commit and a 20-message history
                         read with each --cache-kb [65536,8192,2048] page cache, filled first, over --rounds

options (defaults in brackets)
  --backend sqlite|pg|ejabberd [sqlite]   pg = PostgreSQL 127.0.0.1:5432 + Redis db 5, --nodes [2];
                   ejabberd = the reference point (one-to-one only): the Debian ejabberd without archive, started
                   from bench/ejabberd on loopback, users on XMPP over WebSocket (apt-get install ejabberd first)
  --url URL[,URL]                use running server node(s) instead of starting one
  --users N [200]  --rate R [500; group 100]  --duration S [10]  --warmup S [2]  --drain S [5]
  --members M [500]  --senders K [4]  --conns-per-user N [10]  --hold S [30]
  --read-within S [0]  group: in every second repetition (use --reps 2) the other members each open the chat once
                   per S seconds while the senders send; the first repetition has no reads, so one run pairs both
  --conns N        idle: sockets [1000]; one-to-one/group: keep-alive HTTP connections in all, over the sources [64]
  --ids random|time [random]  message ids: random uuids, or time-ordered ones as the web client sends
  --transport http|socket [http]  sends over HTTP POST or as §11.6 call frames on the sender's bound socket
  --reps N [2 for sweeps, else 1]  repetitions per point, each after a fresh server start (--no-fresh: no restart);
                   a point is clean only when every repetition is
  --stalls         server event-loop delay and GC pauses per second (PARLEY_STALL_LOG) beside each second's latency
  --other-cpu-limit PCT [10]  a point during which other processes took more is reported, but not as a result
  --conversations N [500]  --messages N [100000]  --pages N [50]  --repeat N [20]  --backfill
  --cache-kb KB[,KB…] [65536,8192,2048]  page-cache: the sizes, the first the reference; --rounds [4]
  --p99-limit MS [100]  --start-rate R  --factor F [1.5]  --max-points N [12]  --refine N [2]
  --sources N [16]   client source addresses 127.0.0.2… (the peers' shape: --sources 1 --conns 64)
  --pin            server on core 0, generator on core 1 (taskset)
  --node-cpu C     each node may use C cores (a CFS quota in 10 ms periods, as an orchestrator's CPU limit),
                   in every measured start; as root
  --cpu-prof       write a V8 CPU profile of the server and print its top functions
  --callgrind      run the measured servers under valgrind and count their instructions per message in the
                   window (user space, every thread); 20–70× slower, so use a low rate (--users 40 --rate 40)
  --trace-sql      time each SQL statement in the server (pg: round trips); totals in bench/results/sql-trace-*.json
  --out FILE       JSON lines (default bench/results/…)   --label TEXT   --keep (keep data; pg: the database too)
  --serve NAME [serve]  the package.json script whose environment and Node flags the server runs with
                   (serve:small: the small-machine setting of the README)
  --timeout S [900]  hard stop`;
