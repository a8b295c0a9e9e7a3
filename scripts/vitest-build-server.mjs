// Vitest global setup of the e2e and integration projects: the e2e tier and the fault tests start
// the server as `npm start` does, from apps/server/dist/main.mjs, so it is built from the current
// sources once per run (under a second) and a test never runs yesterday's server.
import { buildServerBundle } from '../apps/server/scripts/build-bundle.mjs';

export default async function setup() {
  await buildServerBundle();
}
