export { dropDatabase, testMongoUri } from './mongo';
export { ensureMongoServerBuilt, findFreePort, startMongo, startRedis, workspaceRoot } from './local-infra';
export type { MongoHandle, MongoServerBuild, RedisHandle, StartMongoOptions, StartRedisOptions } from './local-infra';
export { acquireInfra } from './test-infra';
export type { Infra, InfraSource } from './test-infra';
export { startServiceUnderTest, suiteInfra } from './service-harness';
export type { ServiceUnderTest } from './service-harness';
