import { describe, expect, it } from 'vitest';
import { callgrindPrefix, compilerInstructions, selfByFunction, totalsOf } from './callgrind.mjs';
import { CliError, parseArgs } from './cli.mjs';

describe('--callgrind', () => {
  it('reads the instruction total of a dump', () => {
    const dump =
      'version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nfn=(1) main\n16 3\nsummary: 21233114\ntotals: 21233114\n';
    expect(totalsOf(dump)).toBe(21233114);
    expect(totalsOf('events: Ir\nsummary: 42\n')).toBe(42);
    expect(() => totalsOf('events: Ir\n')).toThrow(/no totals/);
  });

  it("splits a dump's instructions by function, call costs apart, and finds the optimizing compiler's", () => {
    const dump = [
      'events: Ir',
      'fn=(1) main',
      '10 5',
      'cfn=(2) v8::internal::compiler::GraphReducer::ReduceTop()',
      'calls=1 0',
      '12 100', // main's call into the compiler: the callee's cost, not main's own
      '+1 2',
      'fn=(2)',
      '0 100',
      'fn=(3) Builtins_LoadIC',
      '* 7',
      'totals: 114',
    ].join('\n');
    const self = selfByFunction(dump);
    expect(Object.fromEntries(self)).toEqual({
      main: 7,
      'v8::internal::compiler::GraphReducer::ReduceTop()': 100,
      Builtins_LoadIC: 7,
    });
    expect(compilerInstructions(self)).toBe(100);
  });

  it('starts the server with counting off, its output named by pid in the data directory', () => {
    const prefix = callgrindPrefix('/tmp/d');
    expect(prefix.slice(0, 2)).toEqual(['valgrind', '--tool=callgrind']);
    expect(prefix).toContain('--instr-atstart=no');
    expect(prefix).toContain('--callgrind-out-file=/tmp/d/callgrind.%p');
  });

  it('is refused where no restarted server would be counted', () => {
    expect(parseArgs(['one-to-one', '--callgrind']).opts.callgrind).toBe(true);
    expect(() => parseArgs(['one-to-one', '--callgrind', '--no-fresh'])).toThrow(CliError);
    expect(() => parseArgs(['one-to-one', '--callgrind', '--url', 'http://127.0.0.1:3000'])).toThrow(CliError);
    expect(() => parseArgs(['cold', '--callgrind'])).toThrow(CliError);
  });
});
