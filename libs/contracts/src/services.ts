/** The back-end services the gateway talks to over TCP. */
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
  /** RPC from the gateway (TCP_PORT). */
  tcpPort: number;
  /** Health and metrics (HTTP_PORT). */
  httpPort: number;
  /** MONGODB_DB. */
  db: string;
  /** The gateway's env key holding this service's `host:port`. */
  addressEnv: `${string}_ADDR`;
};

/**
 * The one table of default ports and databases (ARCHITECTURE.md "Ports"): read by each service's env.ts,
 * the gateway's env.ts and the dev launcher; tools/deploy/manifests.spec.ts holds k8s/ and compose to it.
 */
export const ServiceDefaults: Record<ServiceName, ServiceDefaults> = {
  'auth-service': { tcpPort: 4001, httpPort: 5001, db: 'auth', addressEnv: 'AUTH_SERVICE_ADDR' },
  'catalogue-service': {
    tcpPort: 4002,
    httpPort: 5002,
    db: 'catalogue',
    addressEnv: 'CATALOGUE_SERVICE_ADDR',
  },
  'user-data-service': {
    tcpPort: 4003,
    httpPort: 5003,
    db: 'userdata',
    addressEnv: 'USER_DATA_SERVICE_ADDR',
  },
  'payment-service': { tcpPort: 4004, httpPort: 5004, db: 'payments', addressEnv: 'PAYMENT_SERVICE_ADDR' },
  'streaming-service': {
    tcpPort: 4005,
    httpPort: 5010,
    db: 'streaming',
    addressEnv: 'STREAMING_SERVICE_ADDR',
  },
  'recommendation-service': {
    tcpPort: 4006,
    httpPort: 5006,
    db: 'reco',
    addressEnv: 'RECOMMENDATION_SERVICE_ADDR',
  },
};

/** The gateway's HTTP port: the one port the product publishes. */
export const GATEWAY_DEFAULT_PORT = 5000;

export const HealthStatus = { Up: 'up', Down: 'down' } as const;
export type HealthStatus = (typeof HealthStatus)[keyof typeof HealthStatus];

export type ComponentHealth = { status: HealthStatus; message?: string };

/** `GET /health` of a service and, aggregated, `GET /api/health` of the gateway. */
export type HealthReport = {
  status: HealthStatus;
  /** Keyed by part: `mongo`, `redis` inside a service; service names at the gateway. */
  components: Record<string, ComponentHealth>;
};
