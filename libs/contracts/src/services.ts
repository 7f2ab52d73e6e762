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

export const HealthStatus = { Up: 'up', Down: 'down' } as const;
export type HealthStatus = (typeof HealthStatus)[keyof typeof HealthStatus];

export type ComponentHealth = { status: HealthStatus; message?: string };

/** `GET /health` of a service and, aggregated, `GET /api/health` of the gateway. */
export type HealthReport = {
  status: HealthStatus;
  /** Keyed by part: `mongo`, `redis` inside a service; service names at the gateway. */
  components: Record<string, ComponentHealth>;
};
