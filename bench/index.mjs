// Load generator for Parley (issue #7): `npm run bench -- <workload> [options]`, see lib/cli.mjs.
// Exits explicitly: a run must stop on its own even if a socket or timer were left behind.
import { main } from './lib/main.mjs';

process.exit(await main(process.argv.slice(2)));
