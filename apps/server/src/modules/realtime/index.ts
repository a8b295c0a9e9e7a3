/** Socket binding, presence pushes and forced offline (PROTOCOL §11.2–§11.4). */
export { createRealtime, type Realtime } from './realtime.service';
export { realtimeRoutes } from './realtime.routes';
