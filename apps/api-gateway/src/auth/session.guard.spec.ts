import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { KidsRefusal, SessionUser } from '@app/contracts';
import {
  AUTH_REQUIRED_MESSAGE,
  AuthMessages,
  Classification,
  ErrorCode,
  ProfileKind,
  ProfileMessages,
  Role,
  UserStatus,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, IS_PUBLIC, RequestContext } from '@app/server-core';
import type { AuthClient } from './auth.client';
import { BEFORE_PROFILE, NOT_FOR_KIDS, ROLES, VerifiedEmail } from './auth.decorators';
import { SessionGuard } from './session.guard';

const viewer: SessionUser = {
  id: 'u1',
  username: 'asha',
  email: 'asha@example.in',
  role: Role.User,
  status: UserStatus.Active,
  sessionId: 's1',
  emailVerified: true,
  profile: { id: 'u1', kind: ProfileKind.Standard, maturityCeiling: Classification.A },
};

const contextFor = (
  request: Partial<FastifyRequest>,
  meta: { isPublic?: boolean; roles?: Role[]; notForKids?: KidsRefusal; beforeProfile?: boolean },
): ExecutionContext => {
  const handler = () => undefined;
  if (meta.isPublic) Reflect.defineMetadata(IS_PUBLIC, true, handler);
  if (meta.roles) Reflect.defineMetadata(ROLES, meta.roles, handler);
  if (meta.notForKids) Reflect.defineMetadata(NOT_FOR_KIDS, meta.notForKids, handler);
  if (meta.beforeProfile) Reflect.defineMetadata(BEFORE_PROFILE, true, handler);
  return {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
};

const guardWith = (resolve: jest.Mock) =>
  new SessionGuard(new Reflector(), { resolveSession: resolve } as unknown as AuthClient);
const request = (authorization?: string) => ({ headers: { authorization } }) as unknown as FastifyRequest;
/** The guard runs inside the request context the middleware opened; the test opens one the same way. */
const inContext = <T>(work: () => Promise<T>) => RequestContext.run({ correlationId: 'c1' }, work);

describe('SessionGuard', () => {
  it('lets a visitor through a public route without asking auth-service', async () => {
    const resolve = jest.fn();
    await expect(guardWith(resolve).canActivate(contextFor(request(), { isPublic: true }))).resolves.toBe(
      true,
    );
    expect(resolve).not.toHaveBeenCalled();
  });

  it.each([undefined, 'Bearer', 'Basic abc', 'Bearer a b', `Bearer ${'a'.repeat(4097)}`])(
    'refuses a private route with authorization %p',
    async (header) => {
      const error = await guardWith(jest.fn())
        .canActivate(contextFor(request(header), {}))
        .catch((e: unknown) => e);
      expect(error).toEqual(new AppError(ErrorCode.Unauthorized, AUTH_REQUIRED_MESSAGE));
    },
  );

  it('resolves the session and exposes the user', async () => {
    const resolve = jest.fn().mockResolvedValue(viewer);
    const req = request('Bearer tok.en.x');
    const user = await inContext(async () => {
      await expect(guardWith(resolve).canActivate(contextFor(req, {}))).resolves.toBe(true);
      return RequestContext.user();
    });
    expect(resolve).toHaveBeenCalledWith('tok.en.x', { fresh: false });
    expect(user).toEqual(viewer);
  });

  it('exposes the profile the session acts as, with its ceiling, from the session (DECISIONS 36)', async () => {
    const profile = { id: 'p1', kind: ProfileKind.Kids, maturityCeiling: Classification.UA7 };
    const resolve = jest.fn().mockResolvedValue({ ...viewer, profile });
    const acting = await inContext(async () => {
      await guardWith(resolve).canActivate(contextFor(request('Bearer t'), {}));
      return RequestContext.profile();
    });
    expect(acting).toEqual(profile);
  });

  it.each([
    ['profiles', ProfileMessages.kidsCannotManage],
    ['payments', ProfileMessages.kidsCannotPay],
    ['account', ProfileMessages.kidsAccountOnly],
  ] as const)(
    'refuses a kids session a route not for kids (%s) with 403, and lets a standard one through',
    async (what, message) => {
      const kids = { id: 'p1', kind: ProfileKind.Kids, maturityCeiling: Classification.UA7 };
      const attempt = (profile: SessionUser['profile']) =>
        inContext(() =>
          guardWith(jest.fn().mockResolvedValue({ ...viewer, profile })).canActivate(
            contextFor(request('Bearer t'), { notForKids: what }),
          ),
        );
      await expect(attempt(kids)).rejects.toEqual(new AppError(ErrorCode.Forbidden, message));
      await expect(
        attempt({ ...kids, kind: ProfileKind.Standard, maturityCeiling: Classification.A }),
      ).resolves.toBe(true);
    },
  );

  describe('a session that names no profile (issue 25)', () => {
    const { profile: _none, ...unchosen } = viewer;
    const attempt = (meta: Parameters<typeof contextFor>[1], user: SessionUser = unchosen) =>
      inContext(() =>
        guardWith(jest.fn().mockResolvedValue(user)).canActivate(contextFor(request('Bearer t'), meta)),
      );

    it('is refused a signed-in route with 403 PROFILE_REQUIRED "Choose a profile first."', async () => {
      await expect(attempt({})).rejects.toEqual(
        new AppError(ErrorCode.ProfileRequired, ProfileMessages.chooseFirst),
      );
      await expect(attempt({ notForKids: 'payments' })).rejects.toEqual(
        new AppError(ErrorCode.ProfileRequired, ProfileMessages.chooseFirst),
      );
    });

    it('passes the routes before a profile, public routes (as a visitor) and admin routes', async () => {
      await expect(attempt({ beforeProfile: true })).resolves.toBe(true);
      await expect(attempt({ isPublic: true })).resolves.toBe(true);
      await expect(attempt({ roles: [Role.Admin] }, { ...unchosen, role: Role.Admin })).resolves.toBe(true);
    });

    it('is not what a session acting as a profile gets', async () => {
      await expect(attempt({}, viewer)).resolves.toBe(true);
    });
  });

  it('asks auth-service afresh on an admin route, past any session the gateway holds', async () => {
    const resolve = jest.fn().mockResolvedValue({ ...viewer, role: Role.Admin });
    await inContext(() =>
      guardWith(resolve).canActivate(contextFor(request('Bearer t'), { roles: [Role.Admin] })),
    );
    expect(resolve).toHaveBeenCalledWith('t', { fresh: true });
  });

  it('answers 403 when the role does not match', async () => {
    const resolve = jest.fn().mockResolvedValue(viewer);
    const error = await inContext(() =>
      guardWith(resolve).canActivate(contextFor(request('Bearer t'), { roles: [Role.Admin] })),
    ).catch((e: unknown) => e);
    expect((error as AppError).code).toBe(ErrorCode.Forbidden);
  });

  it('passes auth-service refusals through on private routes', async () => {
    const refusal = new AppError(ErrorCode.Unauthorized, 'Session expired');
    const error = await guardWith(jest.fn().mockRejectedValue(refusal))
      .canActivate(contextFor(request('Bearer t'), {}))
      .catch((e: unknown) => e);
    expect(error).toBe(refusal);
  });

  it('treats a stale token on a public route as a visitor', async () => {
    const req = request('Bearer t');
    const resolve = jest.fn().mockRejectedValue(new AppError(ErrorCode.Unauthorized, 'Session expired'));
    const user = await inContext(async () => {
      await expect(guardWith(resolve).canActivate(contextFor(req, { isPublic: true }))).resolves.toBe(true);
      return RequestContext.user();
    });
    expect(user).toBeUndefined();
  });

  describe('@VerifiedEmail() (DECISIONS 33: an unverified account cannot pay)', () => {
    class PayingController {
      @VerifiedEmail()
      pay() {
        return 'paid';
      }

      browse() {
        return 'browsed';
      }
    }
    @VerifiedEmail()
    class AllPayingController {
      pay() {
        return 'paid';
      }
    }

    const contextOf = (controller: new () => object, handler: string, authorization = 'Bearer t') =>
      ({
        getHandler: () => (controller.prototype as Record<string, unknown>)[handler],
        getClass: () => controller,
        switchToHttp: () => ({ getRequest: () => request(authorization) }),
      }) as unknown as ExecutionContext;
    const run = (user: SessionUser, context: ExecutionContext) =>
      inContext(() => guardWith(jest.fn().mockResolvedValue(user)).canActivate(context)).catch(
        (e: unknown) => e,
      );

    it.each([
      ['an unverified account', { ...viewer, emailVerified: false }],
      ['an account whose session says nothing about it', { ...viewer, emailVerified: undefined }],
      ['an unverified admin', { ...viewer, role: Role.Admin, emailVerified: false }],
    ])('refuses %s with 403 "Please verify your email before paying."', async (_, user) => {
      for (const context of [contextOf(PayingController, 'pay'), contextOf(AllPayingController, 'pay')]) {
        expect(await run(user, context)).toEqual(
          new AppError(ErrorCode.Forbidden, AuthMessages.emailNotVerified),
        );
      }
    });

    it('lets a verified account pay', async () => {
      expect(await run(viewer, contextOf(PayingController, 'pay'))).toBe(true);
      expect(await run(viewer, contextOf(AllPayingController, 'pay'))).toBe(true);
    });

    it('judges a paying route on a fresh answer (verified a moment ago), the others on the held one', async () => {
      const resolve = jest.fn().mockResolvedValue(viewer);
      const guard = guardWith(resolve);
      await inContext(() => guard.canActivate(contextOf(PayingController, 'pay')));
      await inContext(() => guard.canActivate(contextOf(PayingController, 'browse')));
      expect(resolve.mock.calls).toEqual([
        ['t', { fresh: true }],
        ['t', { fresh: false }],
      ]);
    });

    it('leaves the routes without it to unverified accounts (free titles, the profile)', async () => {
      expect(await run({ ...viewer, emailVerified: false }, contextOf(PayingController, 'browse'))).toBe(
        true,
      );
    });

    it('still asks a visitor without a token to sign in (401), before anything else', async () => {
      const resolve = jest.fn();
      const error = await guardWith(resolve)
        .canActivate(contextOf(PayingController, 'pay', ''))
        .catch((e: unknown) => e);
      expect(error).toEqual(new AppError(ErrorCode.Unauthorized, AUTH_REQUIRED_MESSAGE));
      expect(resolve).not.toHaveBeenCalled();
    });
  });
});
