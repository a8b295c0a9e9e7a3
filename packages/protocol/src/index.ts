export * from './version';
export * from './envelope';
export * from './errors';
export * from './coerce';
export * from './limits';
export * from './config';
export * from './auth';
export * from './paths';
