import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.mjs';

/**
 * ejabberd as a reference point beside Parley (issue 41), never a dependency of the product: the
 * Debian package's ejabberd started by the bench in a temporary state directory, from the reference
 * config in bench/ejabberd (no MAM, Mnesia), on loopback ports of its own, with its own
 * Erlang node name and cookie, the distribution on a fixed port (ERL_DIST_PORT: no epmd, so nothing
 * of it outlives the run, and other Erlang nodes on the machine are left alone). Stopped at the end,
 * on failure and on Ctrl-C. The package's own service is not used (it may run on 5222/5280 or not).
 */

export const INSTALL_HINT =
  'ejabberd is not installed. Install the Debian package and keep its own service stopped (the bench starts its own):\n' +
  '  apt-get update && apt-get install -y --no-install-recommends ejabberd\n' +
  '  service ejabberd stop   # or: systemctl stop ejabberd (where systemd runs)';

/** bench/ejabberd: copies of the lead's reference files (shared/reference/ejabberd), kept as they are. */
const REFERENCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'ejabberd');

/** The path of ejabberdctl, or null (it lives in /usr/sbin, which a non-root PATH may lack). */
export function findEjabberdctl() {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin'].filter(Boolean);
  for (const d of dirs) {
    const p = path.join(d, 'ejabberdctl');
    if (fs.existsSync(p)) return p;
  }
  return null;
}

/** Pure: the reference ejabberd.yml on the run's own ports (c2s for 5222, the WebSocket listener for 5280). */
export function benchYml(reference, { c2sPort, wsPort }) {
  const out = reference
    .replace(/^(\s*port:\s*)5222\s*$/m, `$1${c2sPort}`)
    .replace(/^(\s*port:\s*)5280\s*$/m, `$1${wsPort}`);
  if (!out.includes(`port: ${c2sPort}`) || !out.includes(`port: ${wsPort}`))
    throw new Error('the reference ejabberd.yml no longer listens on 5222 and 5280');
  return out;
}

/** Pure: the reference ejabberdctl.cfg with the run's node name, state directory, cookie and distribution port. */
export function benchCtlCfg(reference, { node, stateDir, cookie, distPort }) {
  return `${reference
    .replace(/^ERLANG_NODE=.*$/m, `ERLANG_NODE=${node}`)
    .replace(/STATE_DIR/g, stateDir)}\nERL_DIST_PORT=${distPort}\nERL_OPTIONS="$ERL_OPTIONS -setcookie ${cookie}"\n`;
}

const waitPort = (port, child, ms) =>
  new Promise((resolve, reject) => {
    const until = Date.now() + ms;
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`ejabberd exited with ${child.exitCode} during start`));
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        if (Date.now() > until) reject(new Error(`ejabberd did not listen on ${port} within ${ms} ms`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });

const kill = (pid, signal) => {
  try {
    process.kill(pid, signal);
  } catch {
    /* gone meanwhile */
  }
};

/** The beam.smp processes of this run's node (its name is unique to the run). */
export function beamPids(node) {
  const out = [];
  for (const n of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${n}/comm`, 'utf8').trim() !== 'beam.smp') continue;
      if (fs.readFileSync(`/proc/${n}/cmdline`, 'utf8').split('\0').includes(node)) out.push(Number(n));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** The package's system user: ejabberdctl runs only as root (switching to it with su) or as that user. */
function ejabberdUser() {
  const id = (flag) => Number(execFileSync('id', [flag, 'ejabberd'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Returns an env like server.mjs's launch(): { nodes: [{ url, pid }], backend, dataDir, stop(), restart(), … }. */
export async function launchEjabberd(opts, log = console.error) {
  const ctl = findEjabberdctl();
  if (!ctl) throw new Error(INSTALL_HINT);
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-ejabberd-'));
  const [c2sPort, wsPort, distPort] = [await freePort(), await freePort(), await freePort()];
  const node = `parley-bench-${randomBytes(3).toString('hex')}@localhost`;
  const files = { yml: path.join(stateDir, 'ejabberd.yml'), cfg: path.join(stateDir, 'ejabberdctl.cfg') };
  fs.writeFileSync(
    files.yml,
    benchYml(fs.readFileSync(path.join(REFERENCE, 'ejabberd-nomam.yml'), 'utf8'), { c2sPort, wsPort }),
  );
  const cookie = randomBytes(16).toString('hex');
  const ctlCfg = fs.readFileSync(path.join(REFERENCE, 'ejabberdctl.cfg'), 'utf8');
  fs.writeFileSync(files.cfg, benchCtlCfg(ctlCfg, { node, stateDir, cookie, distPort }));
  fs.writeFileSync(path.join(stateDir, 'inetrc'), '%% the bench: Erlang resolver defaults\n');
  for (const d of ['spool', 'logs']) fs.mkdirSync(path.join(stateDir, d));
  // ejabberdctl runs the node as the package's `ejabberd` user, which must own the state. Started as
  // root it would switch with su, whose PAM session drops the open-file limit to 1024 (a thousand
  // users then fail with EMFILE): so the bench starts it as that user itself, with Node's limit.
  const asUser = process.getuid?.() === 0 ? ejabberdUser() : {};
  if (asUser.uid !== undefined) execFileSync('chown', ['-R', `${asUser.uid}:${asUser.gid}`, stateDir]);
  const runAs = { ...asUser, cwd: stateDir, env: { ...process.env, HOME: stateDir } };
  const ctlArgs = [
    '-c',
    files.cfg,
    '-f',
    files.yml,
    '-s',
    path.join(stateDir, 'spool'),
    '-l',
    path.join(stateDir, 'logs'),
    '-d',
    stateDir,
  ];
  const outFile = path.join(stateDir, 'logs', 'foreground.log');
  let child = null;
  let pid = null;

  const start = async (cores) => {
    const out = fs.openSync(outFile, 'a');
    const command = [ctl, ...ctlArgs, 'foreground'];
    // The generator pinned itself to core 1 and a child inherits that, so every start names its cores.
    child = spawn('taskset', ['-c', cores, ...command], { ...runAs, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    await waitPort(wsPort, child, 60000);
    // The listener opens while modules may still be starting; `status` answers 0 only once ejabberd has started.
    for (let k = 0; ; k++) {
      try {
        execFileSync(ctl, [...ctlArgs, 'status'], { ...runAs, stdio: 'ignore', timeout: 20000 });
        break;
      } catch (err) {
        if (k >= 10) throw new Error(`ejabberd did not report started: ${err.message}`, { cause: err });
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    [pid] = beamPids(node); // beam.smp itself, whose CPU is the server's
    if (!pid) throw new Error(`no beam.smp runs as ${node}`);
    env.nodes[0].pid = pid;
  };

  /**
   * SIGTERM makes the Erlang VM stop cleanly (init:stop), SIGKILL after 15 s. The VM is found by its
   * node name, not as our child (ejabberdctl's shell and erl stand between): until the child has
   * exited, which also catches a VM that a start was still bringing up.
   */
  const halt = async () => {
    const c = child;
    const t0 = Date.now();
    const sent = new Set();
    while (c && c.exitCode === null && c.signalCode === null) {
      const signal = Date.now() - t0 > 15000 ? 'SIGKILL' : 'SIGTERM';
      for (const p of beamPids(node))
        if (!sent.has(`${p} ${signal}`)) {
          sent.add(`${p} ${signal}`);
          kill(p, signal);
        }
      if (Date.now() - t0 > 30000) c.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
    }
    pid = null;
  };

  // Ctrl-C or a hard stop must not leave a VM behind: a last synchronous kill on exit, a clean stop on signals.
  const onExit = () => {
    beamPids(node).forEach((p) => kill(p, 'SIGKILL'));
    if (!opts.keep) fs.rmSync(stateDir, { recursive: true, force: true });
  };
  const onSignal = (sig) => {
    log(`bench: ${sig}: stopping ejabberd`);
    stop().finally(() => process.exit(130));
  };
  process.on('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  // Once, whoever asks first (a signal, a failure, the end of the run); every caller awaits the same stop.
  let stopping = null;
  const stop = () =>
    (stopping ??= (async () => {
      await halt();
      process.off('exit', onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (opts.keep) log(`kept ${stateDir}`);
      else fs.rmSync(stateDir, { recursive: true, force: true });
    })());

  const env = {
    nodes: [{ url: `ws://127.0.0.1:${wsPort}/ws`, pid: null }],
    backend: 'ejabberd',
    dataDir: stateDir,
    logFile: outFile,
    stop,
    /** A fresh start on the same Mnesia spool (the accounts stay): each repetition after one, as for Parley. */
    restart: async () => {
      await halt();
      await start(opts.pin ? '0' : allCores());
    },
    stallFiles: [],
    profiles: () => [],
  };
  try {
    // With fresh starts, this first start only serves the registrations: both cores, as for Parley.
    await start(opts.pin && !opts.fresh ? '0' : allCores());
    return env;
  } catch (err) {
    const tail = ['foreground.log', 'error.log']
      .map((f) => path.join(stateDir, 'logs', f))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f, 'utf8').slice(-1500))
      .join('\n');
    await stop();
    throw new Error(`${err.message}${tail ? `\n--- ejabberd log (tail) ---\n${tail}` : ''}`, { cause: err });
  }
}

const allCores = () => `0-${os.cpus().length - 1}`;
