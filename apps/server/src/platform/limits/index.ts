export { MemoryCounters, RedisCounters, type Counters } from './counters';
export { createGuards, defaultGuardLimits, type GuardLimits, type Guards } from './guards';
