import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthMessages, AuthPatterns, ErrorCode, healthPattern, HealthStatus, Role } from '@app/contracts';
import type { ApiError, HealthReport, RpcEnvelope } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { ServiceProcess } from './service-process';
import { fakeSession } from './fakes';

// What the fault suites (faults-*.int-spec.ts) share: a stand-in for auth-service and a timed call of the gateway.

export const viewerId = 'b'.repeat(24);
const adminId = 'a'.repeat(24);
/** Tokens shaped like JWTs, so the gateway can read when the session was issued. */
const jwtLike = (name: string) =>
  `h.${Buffer.from(JSON.stringify({ sub: name, iat: 1_790_000_000 })).toString('base64url')}.s`;
export const tokens = { viewer: jwtLike('asha'), admin: jwtLike('admin') };
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** auth-service's answers the gateway needs in these suites: the callers' sessions and its health. */
@Controller()
class FakeAuthController {
  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@Payload() { data }: RpcEnvelope<{ token: string }>) {
    if (data.token === tokens.viewer) return fakeSession(viewerId, Role.User, 'Asha');
    if (data.token === tokens.admin) return fakeSession(adminId, Role.Admin, 'Admin');
    throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  }

  @MessagePattern(healthPattern('auth-service'))
  health(): HealthReport {
    return { status: HealthStatus.Up, components: {} };
  }
}
@Module({ controllers: [FakeAuthController] })
export class FakeAuthModule {}

export type Route = { path: string; headers?: Record<string, string> };
export type Answer = {
  path: string;
  /** The HTTP status, or the error when no answer came. */
  status: number | string;
  body?: Partial<ApiError>;
  /** performance.now() when sent. */
  startedAt: number;
  ms: number;
};

/** One GET through the gateway at `baseUrl`, timed; a network failure is an answer too (its status the error). */
export const timedGet = async (baseUrl: string, { path, headers }: Route): Promise<Answer> => {
  const startedAt = performance.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    const body = (await res.json().catch(() => undefined)) as Partial<ApiError> | undefined;
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
