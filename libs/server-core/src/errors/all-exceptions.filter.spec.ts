import type { ArgumentsHost } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { mongo } from 'mongoose';
import { firstValueFrom, type Observable } from 'rxjs';
import { ErrorCode, OVERLOADED_RETRY_AFTER_SECONDS } from '@app/contracts';
import { AppError } from './app-error';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../database/mongo-unavailable';
import { REDIS_UNAVAILABLE_MESSAGE } from '../database/redis';
import { AllExceptionsFilter, type RpcErrorPayload } from './all-exceptions.filter';

/** The type every HTTP error answer is sent with, whatever the handler declared for its own answer. */
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

const rpcHost = { getType: () => 'rpc' } as unknown as ArgumentsHost;

type FakeResponse = {
  setHeader(name: string, value: string): void;
  status(status: number): FakeResponse;
  json(body: unknown): void;
};

/** Nest's HTTP adapter as the filter uses it, over the fake request and response below. */
const adapterHost = {
  httpAdapter: {
    getRequestUrl: (request: { url: string }) => request.url,
    getRequestMethod: (request: { method: string }) => request.method,
    setHeader: (response: FakeResponse, name: string, value: string) => response.setHeader(name, value),
    reply: (response: FakeResponse, body: unknown, status: number) => response.status(status).json(body),
  },
} as unknown as ConstructorParameters<typeof AllExceptionsFilter>[0];

const httpHost = () => {
  const sent: { status?: number; body?: unknown; headers?: Record<string, string> } = {};
  const response = {
    setHeader: (name: string, value: string) => {
      sent.headers = { ...sent.headers, [name]: value };
    },
    status: (status: number) => {
      sent.status = status;
      return response;
    },
    json: (body: unknown) => {
      sent.body = body;
    },
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({
      getRequest: () => ({ method: 'GET', url: '/movies?page=2', headers: { 'x-correlation-id': 'c-1' } }),
      getResponse: () => response,
    }),
  } as unknown as ArgumentsHost;
  return { host, sent };
};

/** What the filter hands back to the RPC caller. */
const rpcPayloadOf = async (exception: unknown): Promise<RpcErrorPayload> => {
  const reply = new AllExceptionsFilter(adapterHost).catch(exception, rpcHost) as Observable<never>;
  return firstValueFrom(reply).then(
    () => {
      throw new Error('expected an error reply');
    },
    (payload: RpcErrorPayload) => payload,
  );
};

describe('AllExceptionsFilter', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers an RPC that found MongoDB away with SERVICE_UNAVAILABLE and warns once, without a stack', async () => {
    const payload = await rpcPayloadOf(new mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'));

    expect(payload).toEqual({ code: ErrorCode.ServiceUnavailable, message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([
      {
        msg: 'database unavailable',
        transport: 'rpc',
        error: 'MongoNetworkError: connect ECONNREFUSED 127.0.0.1:27017',
      },
    ]);
    expect(error).not.toHaveBeenCalled();
  });

  it('answers HTTP 503 with the house error body when MongoDB is away', () => {
    const { host, sent } = httpHost();
    new AllExceptionsFilter(adapterHost).catch(new mongo.MongoNotConnectedError('not connected'), host);

    expect(sent).toEqual({
      status: 503,
      headers: JSON_TYPE,
      body: {
        code: ErrorCode.ServiceUnavailable,
        message: DATABASE_UNAVAILABLE_MESSAGE,
        correlationId: 'c-1',
      },
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it("answers 503 when Redis stayed away past the client's wait, and warns without a stack", async () => {
    // What ioredis rejects a command with once it dropped it from the offline queue.
    const dropped = Object.assign(
      new Error(
        'Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option.',
      ),
      { name: 'MaxRetriesPerRequestError' },
    );
    const { host, sent } = httpHost();
    new AllExceptionsFilter(adapterHost).catch(dropped, host);

    expect(sent).toEqual({
      status: 503,
      headers: JSON_TYPE,
      body: { code: ErrorCode.ServiceUnavailable, message: REDIS_UNAVAILABLE_MESSAGE, correlationId: 'c-1' },
    });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ msg: 'redis unavailable' }));
    expect(error).not.toHaveBeenCalled();
  });

  it('still treats any other database error as a bug: 500, logged with its stack', async () => {
    const duplicate = new mongo.MongoServerError({ message: 'E11000 duplicate key', code: 11000 });
    const payload = await rpcPayloadOf(duplicate);

    expect(payload).toEqual({ code: ErrorCode.Internal, message: 'Internal error' });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ msg: 'unexpected error' }), duplicate.stack);
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers a service at its admission limit (OVERLOADED) with 503 and Retry-After, in its words', () => {
    const { host, sent } = httpHost();
    new AllExceptionsFilter(adapterHost).catch(
      new AppError(ErrorCode.Overloaded, 'Payments are busy right now.'),
      host,
    );

    expect(sent).toEqual({
      status: 503,
      headers: { 'Retry-After': String(OVERLOADED_RETRY_AFTER_SECONDS), ...JSON_TYPE },
      body: { code: ErrorCode.Overloaded, message: 'Payments are busy right now.', correlationId: 'c-1' },
    });
  });

  it('sends no Retry-After with a 503 for a service that is down', () => {
    const { host, sent } = httpHost();
    new AllExceptionsFilter(adapterHost).catch(
      new AppError(ErrorCode.ServiceUnavailable, 'Payments are unavailable.'),
      host,
    );

    expect(sent.status).toBe(503);
    expect(sent.headers).toEqual(JSON_TYPE);
  });
});
