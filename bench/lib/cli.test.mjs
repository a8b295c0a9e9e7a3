import { describe, expect, it } from 'vitest';
import { CliError, DEFAULTS, parseArgs } from './cli.mjs';

describe('parseArgs', () => {
  it('reads a workload with defaults', () => {
    const { workload, target, opts } = parseArgs(['one-to-one']);
    expect(workload).toBe('one-to-one');
    expect(target).toBeNull();
    expect(opts.rate).toBe(DEFAULTS.rate);
    expect(opts.nodes).toBe(1);
  });
  it('reads sweep targets, numbers, flags and both option forms', () => {
    const { workload, target, opts } = parseArgs([
      'sweep',
      'group',
      '--members',
      '50',
      '--rate=20',
      '--pin',
      '--backend',
      'pg',
    ]);
    expect([workload, target]).toEqual(['sweep', 'group']);
    expect(opts.members).toBe(50);
    expect(opts.rate).toBe(20);
    expect(opts.pin).toBe(true);
    expect(opts.nodes).toBe(2);
  });
  it('maps kebab-case to options and supports --no-flag', () => {
    const { opts } = parseArgs(['idle', '--conns-per-user', '5', '--p99-limit', '50', '--pin', '--no-pin']);
    expect(opts.connsPerUser).toBe(5);
    expect(opts.p99Limit).toBe(50);
    expect(opts.pin).toBe(false);
  });
  it('limits each node it starts to --node-cpu cores, never nodes it did not start', () => {
    expect(parseArgs(['one-to-one', '--backend', 'pg', '--node-cpu', '0.25']).opts.nodeCpu).toBe(0.25);
    expect(parseArgs(['one-to-one']).opts.nodeCpu).toBe(0);
    expect(() => parseArgs(['one-to-one', '--url', 'http://127.0.0.1:3000', '--node-cpu', '0.5'])).toThrow(CliError);
    expect(() => parseArgs(['one-to-one', '--backend', 'ejabberd', '--node-cpu', '0.5'])).toThrow(/node-cpu/);
  });
  it('runs the server as npm run serve unless --serve names another script', () => {
    expect(parseArgs(['idle']).opts.serve).toBe('serve');
    expect(parseArgs(['idle', '--serve', 'serve:small']).opts.serve).toBe('serve:small');
  });
  it('runs one-to-one against ejabberd over XMPP, and refuses what does not apply to it', () => {
    const { opts } = parseArgs(['one-to-one', '--backend', 'ejabberd', '--users', '1000', '--pin']);
    expect([opts.backend, opts.transport, opts.nodes, opts.pin]).toEqual(['ejabberd', 'xmpp', 1, true]);
    expect(parseArgs(['sweep', 'one-to-one', '--backend', 'ejabberd']).opts.transport).toBe('xmpp');
    expect(() => parseArgs(['group', '--backend', 'ejabberd'])).toThrow(/one-to-one/);
    expect(() => parseArgs(['one-to-one', '--backend', 'ejabberd', '--transport', 'socket'])).toThrow(/--transport/);
    expect(() => parseArgs(['one-to-one', '--backend', 'ejabberd', '--url', 'ws://x'])).toThrow(/--url/);
    expect(() => parseArgs(['one-to-one', '--transport', 'xmpp'])).toThrow(/http or socket/);
  });
  it('rejects bad input', () => {
    expect(() => parseArgs([])).toThrow(CliError);
    expect(() => parseArgs(['nope'])).toThrow(/unknown workload/);
    expect(() => parseArgs(['sweep'])).toThrow(/sweep what/);
    expect(() => parseArgs(['group', 'extra'])).toThrow(/unexpected/);
    expect(() => parseArgs(['group', '--bogus', '1'])).toThrow(/unknown option/);
    expect(() => parseArgs(['group', '--rate', 'fast'])).toThrow(/number/);
    expect(() => parseArgs(['group', '--rate'])).toThrow(/needs a value/);
    expect(() => parseArgs(['group', '--nodes', '2'])).toThrow(/pg/);
    expect(() => parseArgs(['page-cache', '--cache-kb', '64MB'])).toThrow(/--cache-kb/);
    expect(() => parseArgs(['page-cache', '--cache-kb', '8192,0'])).toThrow(/--cache-kb/);
    expect(parseArgs(['page-cache', '--cache-kb', '65536,2048']).opts.cacheKb).toBe('65536,2048');
  });
  it('reads the transport, pool and repetition options with workload defaults', () => {
    const { opts } = parseArgs([
      'sweep',
      'one-to-one',
      '--transport',
      'socket',
      '--sources',
      '1',
      '--conns',
      '64',
      '--stalls',
    ]);
    expect([opts.transport, opts.sources, opts.conns, opts.reps, opts.fresh, opts.stalls, opts.otherCpuLimit]).toEqual([
      'socket',
      1,
      64,
      2,
      true,
      true,
      10,
    ]);
    expect([parseArgs(['one-to-one']).opts.conns, parseArgs(['one-to-one']).opts.reps]).toEqual([64, 1]);
    expect(parseArgs(['idle']).opts.conns).toBe(1000);
    expect(() => parseArgs(['one-to-one', '--transport', 'udp'])).toThrow(/transport/);
  });
  it('answers help', () => {
    expect(parseArgs(['--help']).workload).toBe('help');
  });
});
