import { AuthPatterns, healthPattern, HealthStatus, Role } from '@app/contracts';
import type { ApiError, HealthReport } from '@app/contracts';
import { adminId, ashaId, fakeSession, resolveFakeSession } from './fakes';
import { callGateway, type CallOptions, standIn } from './gateway-harness';
import type { ServiceProcess } from './service-process';

// What the fault suites (faults-*.int-spec.ts) share: a stand-in for auth-service and a timed call of the gateway.

/** Tokens shaped like JWTs, so the gateway can read when the session was issued. */
const jwtLike = (name: string) =>
  `h.${Buffer.from(JSON.stringify({ sub: name, iat: 1_790_000_000 })).toString('base64url')}.s`;
export const tokens = { viewer: jwtLike('asha'), admin: jwtLike('admin') };

/** auth-service's answers the gateway needs in these suites: the callers' sessions and its health. */
export const FakeAuthModule = standIn({
  [AuthPatterns.resolveSession]: ({ token }: { token: string }) =>
    resolveFakeSession(token, {
      [tokens.viewer]: fakeSession(ashaId, Role.User, 'Asha'),
      [tokens.admin]: fakeSession(adminId, Role.Admin, 'Admin'),
    }),
  [healthPattern('auth-service')]: (): HealthReport => ({ status: HealthStatus.Up, components: {} }),
});

/** A request: GET unless `method` says otherwise. */
export type Route = CallOptions & { method?: string; path: string };
export type Answer<Body = Partial<ApiError>> = {
  path: string;
  /** The HTTP status, or the error when no answer came. */
  status: number | string;
  body?: Body;
  /** performance.now() when sent. */
  startedAt: number;
  ms: number;
};

/**
 * One request to `baseUrl` (the gateway, or a service's own HTTP port), timed; a network failure is an answer too
 * (its status the error).
 */
export const timedCall = async <Body = Partial<ApiError>>(
  baseUrl: string,
  { method = 'GET', path, ...options }: Route,
): Promise<Answer<Body>> => {
  const startedAt = performance.now();
  try {
    const res = await callGateway(baseUrl, method, path, options);
    const body = (await res.json().catch(() => undefined)) as Body | undefined;
    return { path, status: res.status, body, startedAt, ms: performance.now() - startedAt };
  } catch (error) {
    return { path, status: String(error), startedAt, ms: performance.now() - startedAt };
  }
};

/** RPC requests a service process has answered, from its own Prometheus /metrics. */
export const rpcsAnswered = async (service: ServiceProcess): Promise<number> => {
  const text = await (await fetch(`${service.httpUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('request_duration_seconds_count{') &&
        line.includes('transport="rpc"') &&
        line.includes('outcome="ok"'),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
};

/** The value at percentile `p` (0–100) of `values`, rounded (figures printed by the suites). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN);
};
