// Local MongoDB-wire server, Redis and NATS for `npm start` (tools/dev) and integration tests (libs/server-testing).
export { ensureMongoServerBuilt } from './mongo-java-server';
export type { MongoServerBuild } from './mongo-java-server';
export { startMongo } from './mongo';
export type { MongoHandle, StartMongoOptions } from './mongo';
export { findFreePort, findStablePort, portIsFree } from './ports';
export { startNats } from './nats';
export type { NatsHandle, StartNatsOptions } from './nats';
export { startRedis } from './redis';
export type { RedisHandle, StartRedisOptions } from './redis';
export { workspaceRoot } from './workspace';
export { findNginx, frontProxyConfig, MEDIA_ACCEL_PREFIX, startFrontProxy } from './nginx';
export type {
  ApiAdmissionOptions,
  EdgeLinkOptions,
  FrontProxyHandle,
  FrontProxyOptions,
  NginxHandle,
} from './nginx';
export { fillStreamEdgeTemplate, STREAM_EDGE_ENV, startStreamEdge, streamEdgeTemplate } from './stream-edge';
export type { StreamEdgeOptions } from './stream-edge';
