import { Logger } from '@nestjs/common';
import type { CallHandler, ExecutionContext, Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import { firstValueFrom, of } from 'rxjs';
import { z } from 'zod';
import { ErrorCode, json, route } from '@app/contracts';
import { AppError, JsonReply } from '@app/server-core';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { Endpoint } from './endpoint.decorator';
import { RouteInputGuard } from './route-input.guard';
import { RouteReplyInterceptor } from './route-reply.interceptor';

const Thing = z.object({ id: z.string(), title: z.string() });
const thingRoute = route({
  method: 'get',
  path: '/api/things/{id}',
  tag: 'movies',
  access: 'public',
  summary: 'A thing',
  ok: json(200, Thing),
});

class ThingsController {
  @Endpoint(thingRoute)
  get() {
    return undefined;
  }
}

const contextOf = (handler: unknown): ExecutionContext =>
  ({ getHandler: () => handler, getType: () => 'http' }) as unknown as ExecutionContext;
const answering = (answer: unknown): CallHandler => ({ handle: () => of(answer) });

describe('RouteReplyInterceptor', () => {
  const interceptor = new RouteReplyInterceptor(new Reflector());
  const context = contextOf(Object.getOwnPropertyDescriptor(ThingsController.prototype, 'get')?.value);

  it('passes an answer its route describes, as a value or as JSON passed on from a service', async () => {
    const value = { id: 't1', title: 'Sholay' };
    const bytes = JsonReply.of(value);

    await expect(firstValueFrom(interceptor.intercept(context, answering(value)))).resolves.toBe(value);
    await expect(firstValueFrom(interceptor.intercept(context, answering(bytes)))).resolves.toBe(bytes);
  });

  it('turns an answer its route does not describe into an internal error naming the route, and logs why', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const error = await firstValueFrom(interceptor.intercept(context, answering({ id: 't1' }))).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.Internal);
    expect((error as AppError).message).toBe(
      'GET /api/things/{id} answered what its route does not describe',
    );
    expect(String(logged.mock.calls[0]?.[0])).toContain('"title"');
    logged.mockRestore();
  });
});

describe('how AppModule applies the routes', () => {
  const providersOf = (overrides: Record<string, string>) =>
    (AppModule.register(envSchema.parse({ REDIS_URL: 'redis://127.0.0.1:1', ...overrides })).providers ??
      []) as Array<Provider & { provide?: unknown; useClass?: unknown }>;
  const interceptors = (overrides: Record<string, string>) =>
    providersOf(overrides)
      .filter((provider) => provider.provide === APP_INTERCEPTOR)
      .map((provider) => provider.useClass);

  it('parses every request by its route in a global guard, in production too', () => {
    const guards = providersOf({ NODE_ENV: 'production' }).filter(
      (provider) => provider.provide === APP_GUARD,
    );

    expect(guards.at(-1)?.useClass).toBe(RouteInputGuard);
  });

  it('checks replies outside production or when asked, and wraps no handler in an interceptor otherwise', () => {
    expect(interceptors({ NODE_ENV: 'test' })).toEqual([RouteReplyInterceptor]);
    expect(interceptors({ NODE_ENV: 'production', API_REPLY_CHECKS: 'on' })).toEqual([RouteReplyInterceptor]);
    expect(interceptors({ NODE_ENV: 'production' })).toEqual([]);
  });
});
