import { z } from 'zod';
import { NATS_DEFAULT_URL } from '@app/contracts';

/**
 * Environment keys of every app on the RPC transport (the gateway and each service); spread into its env schema.
 * In k8s each app has a NATS user of its own whose permissions cover its own subjects only (k8s/nats.yaml).
 */
export const natsEnvShape = {
  /** One NATS server or a comma-separated list of a cluster's (the client learns the rest from the cluster). */
  NATS_URL: z
    .string()
    .regex(
      /^(nats|tls):\/\/[^,\s]+(,(nats|tls):\/\/[^,\s]+)*$/,
      'must be nats://host:port[,nats://host:port…]',
    )
    .default(NATS_DEFAULT_URL),
  NATS_USER: z.string().min(1).optional(),
  /**
   * nats-server substitutes `$NATS_PASSWORD_…` in its config by parsing the value as config: `4e5` would become a
   * number and `true` a boolean, and the server would refuse to start. So a letter first, then letters, digits, - or _.
   */
  NATS_PASSWORD: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_-]{15,}$/,
      'must be 16+ letters, digits, - or _, starting with a letter (nats-server parses it as config)',
    )
    .optional(),
};
export type NatsEnv = z.infer<z.ZodObject<typeof natsEnvShape>>;

/** What a NATS connection needs, read from `NatsEnv`. */
export type NatsSettings = { url: string; user?: string; password?: string };

export const natsSettings = (env: NatsEnv): NatsSettings => ({
  url: env.NATS_URL,
  user: env.NATS_USER,
  password: env.NATS_PASSWORD,
});

/**
 * Connection options of the gateway's client and of every service's listener. `name` shows in NATS' monitoring
 * (`/connz`), so an operator sees which app holds which connection. `waitOnFirstConnect`: a service started before
 * NATS waits for it rather than failing its boot (compose and k8s start them in any order); the gateway's client
 * does not, so while NATS is unreachable each request fails at once (503) and the next one tries again.
 */
export const natsConnectionOptions = (
  { url, user, password }: NatsSettings,
  name: string,
  { waitOnFirstConnect }: { waitOnFirstConnect: boolean },
) => ({
  servers: url.split(','),
  name,
  ...(user ? { user, pass: password } : {}),
  // Never give up on the server: a restarted NATS (or a rolling update of the cluster) must not need a restart of
  // every app. The default gives up after 10 attempts, and a closed connection never comes back.
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1_000,
  // A server that vanished without closing its connections (its node lost, a partition) is noticed only by pings
  // going unanswered: every 5 s, gone after 2 missed, so within 15 s the client reconnects (to another node of a
  // cluster) and requests fail fast meanwhile. The default (2 min) left every request to time out for 4-6 minutes.
  pingInterval: 5_000,
  maxPingOut: 2,
  waitOnFirstConnect,
});
