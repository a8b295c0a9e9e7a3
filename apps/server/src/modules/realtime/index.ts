/** Socket binding, presence pushes and forced offline (PROTOCOL §11.2–§11.4). */
export { createPresencePushes, type PresencePushes } from './presence-pushes';
export { createSocketBinds, type SocketBinds } from './socket-binds';
export { closeSocketsOfRevokedSessions } from './session-closes';
export { realtimeRoutes } from './realtime.routes';
