export type { BusMessage, EventBus, PresenceChange, PresenceRegistry, Recipients } from './types';
export { MemoryBus, MemoryPresence } from './memory';
export { RedisPresence, presenceOfflineBoundMs, presenceTiming } from './redis-presence';
export { RedisBus } from './redis-bus';
