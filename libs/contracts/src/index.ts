export * from './auth';
export * from './errors';
export * from './events';
export * from './movies';
export * from './pagination';
export * from './rpc';
export * from './services';
