import fs from 'node:fs';
import WebSocket from 'ws';

/**
 * What a fault test can see of a server process from outside: its descriptors and memory from
 * /proc, and its V8 heap after a full GC through the inspector (the process is started with
 * `--inspect=127.0.0.1:0`, so nothing in the product exposes a GC hook).
 */

/** Open file descriptors of the process. */
export const fdCount = (pid: number): number => fs.readdirSync(`/proc/${pid}/fd`).length;

/** Resident set size in bytes. */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
}

/**
 * Established TCP connections the process holds on its listening `port` (HTTP keep-alive and
 * WebSockets alike): its socket descriptors matched against the namespace's TCP table.
 */
export function connectionsOnPort(pid: number, port: number): number {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m?.[1]) inodes.add(m[1]);
    } catch {
      // closed while listing
    }
  }
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let n = 0;
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue; // no IPv6 in this namespace
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex, st 01 = ESTABLISHED, inode is the 10th field.
      if (f.length > 9 && f[1]?.endsWith(`:${hex}`) && f[3] === '01' && inodes.has(f[9] ?? '')) n++;
    }
  }
  return n;
}

/** `process.memoryUsage()` of the inspected process, in bytes. */
export interface MemoryUsage {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface Inspector {
  /** The process's memory right after a full garbage collection. */
  memoryAfterGc(): Promise<MemoryUsage>;
  close(): void;
}

/** Connects to the inspector whose address the process printed ("Debugger listening on ws://…"). */
export async function connectInspector(output: () => string): Promise<Inspector> {
  const deadline = Date.now() + 10_000;
  let url: string | undefined;
  while (!(url = /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1])) {
    if (Date.now() > deadline) throw new Error(`no inspector address in the server's output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let lastId = 0;
  const pending = new Map<number, (r: { result?: unknown; error?: { message: string } }) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id !== undefined) pending.get(m.id)?.(m);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (r) => {
        pending.delete(id);
        if (r.error) reject(new Error(`${method}: ${r.error.message}`));
        else resolve(r.result);
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    async memoryAfterGc() {
      // Twice: the first pass may only queue finalizers whose objects the second one frees.
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const r = (await send('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(r.result.value) as MemoryUsage;
    },
    close: () => ws.close(),
  };
}
