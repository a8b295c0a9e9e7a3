/** One-to-one calls (PROTOCOL §10): signalling relay, the call row, the 60 s safety net. */
export { createCalls, type Calls, type CallsDeps } from './calls.service';
export { callsRoutes } from './calls.routes';
