import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { CliError } from './messages';

/** What `npm run backup` and `npm run restore` share. */

/** The environment the server runs with (loadConfig), its errors in words. */
export function cliConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    throw new CliError('badConfig', { detail: (err as Error).message });
  }
}

/** A path as the operator typed it: relative to where they ran npm, not to the repository. */
export const fromInvocation = (file: string): string => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** The name of the pg_dump file that goes with an archive: `x.tar.gz` → `x.pgdump`. */
export const pgDumpBeside = (archive: string): string => `${archive.replace(/(\.tar)?\.t?gz$/, '')}.pgdump`;
