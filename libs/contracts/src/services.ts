/** The back-end services the gateway talks to over NATS (request/reply, one queue group per service). */
export const ServiceNames = [
  'auth-service',
  'catalogue-service',
  'user-data-service',
  'payment-service',
  'streaming-service',
  'recommendation-service',
] as const;
export type ServiceName = (typeof ServiceNames)[number];

export type ServiceDefaults = {
  /** Health and metrics (HTTP_PORT). */
  httpPort: number;
  /** MONGODB_DB. */
  db: string;
  /**
   * The first token of every RPC subject the service answers (`catalogue` for `catalogue.movies.list`): its NATS
   * user may subscribe to `<subject>.>` and its health subject only (k8s/nats.yaml).
   */
  subject: string;
};

/**
 * The one table of default ports, databases and RPC subjects (ARCHITECTURE.md "Ports"): read by each service's
 * env.ts, the gateway's env.ts and the dev launcher; tools/deploy/manifests.spec.ts holds k8s/ and compose to it.
 */
export const ServiceDefaults: Record<ServiceName, ServiceDefaults> = {
  'auth-service': { httpPort: 5001, db: 'auth', subject: 'auth' },
  'catalogue-service': { httpPort: 5002, db: 'catalogue', subject: 'catalogue' },
  'user-data-service': { httpPort: 5003, db: 'userdata', subject: 'userdata' },
  'payment-service': { httpPort: 5004, db: 'payments', subject: 'payments' },
  'streaming-service': { httpPort: 5010, db: 'streaming', subject: 'streaming' },
  'recommendation-service': { httpPort: 5006, db: 'reco', subject: 'reco' },
};

/** The gateway's HTTP port: the one port the product publishes. */
export const GATEWAY_DEFAULT_PORT = 5000;

/** NATS' client port; `NATS_URL` of the gateway and every service defaults to it on this machine. */
export const NATS_DEFAULT_PORT = 4222;
export const NATS_DEFAULT_URL = `nats://127.0.0.1:${NATS_DEFAULT_PORT}`;

export const HealthStatus = { Up: 'up', Down: 'down' } as const;
export type HealthStatus = (typeof HealthStatus)[keyof typeof HealthStatus];

export type ComponentHealth = { status: HealthStatus; message?: string };

/** `GET /health` of a service and, aggregated, `GET /api/health` of the gateway. */
export type HealthReport = {
  status: HealthStatus;
  /** Keyed by part: `mongo`, `redis` inside a service; service names at the gateway. */
  components: Record<string, ComponentHealth>;
};
