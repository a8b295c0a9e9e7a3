/** One-to-one calls (PROTOCOL §10): signalling relay, the call row, the 60 s safety net, ICE servers (§10.4). */
export { createCalls, type Calls, type CallsDeps } from './calls.service';
export { callsRoutes } from './calls.routes';
export { createIceServers, type IceServers } from './ice-servers';
