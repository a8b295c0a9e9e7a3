export type { BusMessage, EventBus, PresenceChange, PresenceRegistry, Recipients } from './types';
export { MemoryBus, MemoryPresence } from './memory';
export { RedisBus, RedisPresence, presenceOfflineBoundMs, presenceTiming } from './redis';
