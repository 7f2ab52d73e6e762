import type { NextFunction, Request, Response } from 'express';
import { fixedHeaders, helmetFor } from './security-headers';

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/** The headers a middleware leaves on an answer that already had some, and whether it called next. */
const answerOf = (middleware: Middleware) => {
  const headers = new Map<string, string>([['x-powered-by', 'Express']]);
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as Response;
  const next = jest.fn();
  middleware({ headers: {}, method: 'GET', url: '/api/movies' } as Request, res, next);
  return { headers: Object.fromEntries(headers), nextCalls: next.mock.calls };
};

describe('fixedHeaders (helmet worked out once at boot)', () => {
  it.each([
    ['over http, without third parties', false, []],
    ['over https, with Razorpay', true, ['https://checkout.razorpay.com', 'https://api.razorpay.com']],
  ])('writes exactly what helmet writes, on every answer (%s)', (_, https, third) => {
    const helmet = helmetFor(https, third);
    const fixed = fixedHeaders(helmet);
    const expected = answerOf(helmet);
    expect(expected.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answerOf(fixed)).toEqual(expected);
    expect(answerOf(fixed)).toEqual(expected);
  });

  it('refuses at boot a middleware that fails without a request', () => {
    expect(() => fixedHeaders((_req, _res, next) => next(new Error('needs the request')))).toThrow(
      'needs the request',
    );
  });
});
