// Moved to libs/server-testing (auth-service's outbox kill test starts a service process too).
export { parseLines, startServiceProcess } from '@app/server-testing';
export type { LogLine, ServiceProcess } from '@app/server-testing';
