import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ApiError, AuthMessages, AuthPatterns, ErrorCode, Role } from '@app/contracts';
import type { MessageResponse, ResolveSession, RpcEnvelope, SessionUser } from '@app/contracts';
import { AppError } from '@app/server-core';
import { fakeSession } from './fakes';
import { callGateway, startFakeService, startGateway } from './gateway-harness';

const ashaId = 'a'.repeat(24);
/** Asha signed up and has not opened the link yet. */
const asha: SessionUser = { ...fakeSession(ashaId, Role.User, 'Asha'), emailVerified: false };
const token = 'a'.repeat(64);

/** Stands in for auth-service: records what the gateway forwards. */
const forwarded: Array<{ pattern: string; data: unknown }> = [];

@Controller()
class FakeAuthController {
  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@Payload() { data }: RpcEnvelope<ResolveSession>): SessionUser {
    if (data.token !== 'asha-token') throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
    return asha;
  }

  @MessagePattern(AuthPatterns.verifyEmail)
  verify(@Payload() { data }: RpcEnvelope<{ token: string }>): MessageResponse {
    forwarded.push({ pattern: AuthPatterns.verifyEmail, data });
    if (data.token !== token)
      throw new AppError(ErrorCode.ValidationFailed, AuthMessages.verificationLinkInvalid);
    return { message: AuthMessages.emailVerified };
  }

  @MessagePattern(AuthPatterns.resendVerification)
  resend(@Payload() { data }: RpcEnvelope<{ userId: string }>): MessageResponse {
    forwarded.push({ pattern: AuthPatterns.resendVerification, data });
    return { message: AuthMessages.verificationSent };
  }
}

@Module({ controllers: [FakeAuthController] })
class FakeAuthModule {}

describe('email verification routes at the gateway (DECISIONS 33)', () => {
  let auth: INestMicroservice;
  let gateway: INestApplication;
  let url: string;

  const post = (path: string, body?: unknown, bearer?: string) =>
    callGateway(url, 'POST', path, { body, token: bearer });

  beforeAll(async () => {
    ({ app: auth } = await startFakeService(FakeAuthModule));
    ({ app: gateway, url } = await startGateway());
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  it('POST /api/auth/verify-email needs no session: it forwards the token and answers the message', async () => {
    const before = forwarded.length;
    const res = await post('/api/auth/verify-email', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: AuthMessages.emailVerified });
    expect(forwarded.slice(before)).toEqual([{ pattern: AuthPatterns.verifyEmail, data: { token } }]);
  });

  it("answers 400 with auth-service's message for a spent or unknown link", async () => {
    const res = await post('/api/auth/verify-email', { token: 'b'.repeat(64) });
    expect(res.status).toBe(400);
    expect((await res.json()) as ApiError).toMatchObject({ message: AuthMessages.verificationLinkInvalid });
  });

  it.each([{}, { token: { $gt: '' } }, { token: 'x'.repeat(64) }, { token, extra: 1 }])(
    'refuses %p with 400 and forwards nothing',
    async (body) => {
      const before = forwarded.length;
      expect((await post('/api/auth/verify-email', body)).status).toBe(400);
      expect(forwarded).toHaveLength(before);
    },
  );

  it('POST /api/auth/verify-email/resend needs a session (401) and resends for the caller only', async () => {
    const before = forwarded.length;
    expect((await post('/api/auth/verify-email/resend')).status).toBe(401);
    expect(forwarded).toHaveLength(before);
    const res = await post('/api/auth/verify-email/resend', undefined, 'asha-token');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: AuthMessages.verificationSent });
    expect(forwarded.slice(before)).toEqual([
      { pattern: AuthPatterns.resendVerification, data: { userId: ashaId } },
    ]);
  });
});
