import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run backup|restore -- <file>` as an operator runs it (the same tsx entry point npm runs),
 * with the server's environment in `env`.
 */
export function runCli(command: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<CliRun> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, `apps/server/src/cli/${command}.ts`), file],
    { cwd: repoRoot, env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8', ...env }, stdio: 'pipe' },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** The shell command an output line tells the operator to run (`  pg_dump …`). */
export function printedCommand(output: string, program: string): string {
  const line = output.split('\n').find((l) => l.trimStart().startsWith(`${program} `));
  if (!line) throw new Error(`no ${program} step in:\n${output}`);
  return line.trim();
}
