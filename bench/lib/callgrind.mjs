import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `--callgrind`: the measured server runs under `valgrind --tool=callgrind` with counting off,
 * and the bench counts the instructions of its measured window only (all its threads: the event
 * loop, libuv's pool with the WAL syncs, V8's GC and compiler helpers). The count is of work, not
 * time, so it does not move with the machine's speed, which drifts here by up to 2.5× within an
 * hour (docs/performance.md). Valgrind makes the server 20–70× slower, so the rate must be low
 * (e.g. `--users 40 --rate 40`); latency figures of such a run mean nothing.
 *
 * The kernel's share (socket writes, the disk) is not counted: valgrind sees user space only.
 */

/** Valgrind's command prefix; `%p` in the output name becomes the server's pid. */
export function callgrindPrefix(dataDir) {
  return [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no', // nothing counted until the window starts
    '--smc-check=all-non-file', // V8 writes and rewrites its machine code in anonymous memory
    `--callgrind-out-file=${path.join(dataDir, 'callgrind.%p')}`,
  ];
}

/**
 * callgrind_control reaches the process through vgdb's files in /tmp, whose names carry $HOST
 * as valgrind saw it: the server's environment sets HOST (its listen address), so this does too.
 */
function control(pid, args, host) {
  execFileSync('callgrind_control', [...args, String(pid)], {
    env: { ...process.env, HOST: host },
    stdio: 'ignore',
    timeout: 60_000,
  });
}

export function startCounting(pid, host) {
  control(pid, ['--instr=on'], host);
}

/**
 * Dumps the counts since counting started and stops counting. Returns the instructions, and how
 * many of them V8's optimizing compiler spent: at the low rates valgrind allows, the JIT is still
 * compiling after the warm-up, work a server at full speed did in its first seconds.
 */
export function stopCounting(pid, host, dataDir) {
  const before = new Set(dumpsOf(dataDir, pid));
  control(pid, ['--dump'], host);
  control(pid, ['--instr=off'], host);
  const dump = dumpsOf(dataDir, pid).find((f) => !before.has(f));
  if (!dump) throw new Error(`callgrind wrote no dump for pid ${pid} in ${dataDir}`);
  const text = fs.readFileSync(path.join(dataDir, dump), 'utf8');
  return { total: totalsOf(text), compiler: compilerInstructions(selfByFunction(text)) };
}

const dumpsOf = (dataDir, pid) => fs.readdirSync(dataDir).filter((f) => f.startsWith(`callgrind.${pid}.`));

/** Pure: the instruction total of a callgrind dump (its `totals:` line, else `summary:`). */
export function totalsOf(text) {
  const m = /^totals:\s*(\d+)/m.exec(text) ?? /^summary:\s*(\d+)/m.exec(text);
  if (!m) throw new Error('no totals in the callgrind dump');
  return Number(m[1]);
}

/**
 * Pure: each function's own instructions in a callgrind dump (one event, Ir). Names are
 * compressed (`fn=(7) name` once, then `fn=(7)`), shared by `fn=` and `cfn=`; the cost line after
 * `calls=` is the callee's inclusive cost, not the caller's own, so it is skipped.
 */
export function selfByFunction(text) {
  const names = new Map();
  const self = new Map();
  const nameOf = (spec) => {
    const m = /^\((\d+)\)(?:\s+(.*))?$/.exec(spec);
    if (!m) return spec;
    if (m[2] !== undefined) names.set(m[1], m[2]);
    return names.get(m[1]) ?? spec;
  };
  let fn = '';
  let callCost = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) fn = nameOf(line.slice(3));
    else if (line.startsWith('cfn=')) nameOf(line.slice(4));
    else if (line.startsWith('calls=')) callCost = true;
    else if (/^[\d+\-*]/.test(line)) {
      if (callCost) callCost = false;
      else {
        const parts = line.trim().split(/\s+/);
        self.set(fn, (self.get(fn) ?? 0) + Number(parts[parts.length - 1]));
      }
    }
  }
  return self;
}

/** Pure: the instructions of V8's optimizing compilers (TurboFan, Maglev) among `selfByFunction`. */
export function compilerInstructions(self) {
  let n = 0;
  for (const [name, ir] of self) if (/v8::internal::(compiler|maglev|turboshaft)::/.test(name)) n += ir;
  return n;
}
