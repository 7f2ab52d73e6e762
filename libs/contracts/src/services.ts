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

/** A service as a viewer knows it: what stops working when it is down. */
export type ServiceFeature = { name: string; plural: boolean };

/**
 * What each service gives the product, in a viewer's words: the gateway's 503 and /api/health name the feature
 * ("Payments"), never the process ("payment-service"), so a screen can show the message as it comes.
 */
export const ServiceFeatures: Record<ServiceName, ServiceFeature> = {
  'auth-service': { name: 'Sign-in', plural: false },
  'catalogue-service': { name: 'The catalogue', plural: false },
  'user-data-service': { name: 'My List and watch history', plural: true },
  'payment-service': { name: 'Payments', plural: true },
  'streaming-service': { name: 'Playback', plural: false },
  'recommendation-service': { name: 'Recommendations', plural: true },
};

/**
 * The message of the 503 (and 504) the gateway answers when a service does not answer: "Payments are unavailable
 * right now." A viewer cannot tell a slow service from a stopped one, and need not.
 */
export const serviceUnavailableMessage = (service: ServiceName): string => {
  const { name, plural } = ServiceFeatures[service];
  return `${name} ${plural ? 'are' : 'is'} unavailable right now.`;
};

/**
 * The message of the 503 (with `Retry-After`) a service at its admission limit answers: "Payments are busy right
 * now. Please try again in a moment." The gateway's own limit uses the product's name (PRODUCT_BUSY_MESSAGE).
 */
export const serviceBusyMessage = (service: ServiceName): string => {
  const { name, plural } = ServiceFeatures[service];
  return `${name} ${plural ? 'are' : 'is'} busy right now. Please try again in a moment.`;
};

/** The gateway's 503 (with `Retry-After`) when it is itself at its admission limit. */
export const PRODUCT_BUSY_MESSAGE = 'Streamly is busy right now. Please try again in a moment.';

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
