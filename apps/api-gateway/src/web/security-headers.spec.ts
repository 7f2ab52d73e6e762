import type { IncomingMessage, ServerResponse } from 'node:http';
import { fixedHeaders, helmetFor } from './security-headers';

/** A response that already had a header, recording what is set on it or taken off. */
const response = () => {
  const headers = new Map<string, string>([['x-powered-by', 'Express']]);
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  return { res, headers };
};

/** What helmet itself leaves on an answer, and whether it called next. */
const helmetAnswer = (https: boolean, third: string[]) => {
  const { res, headers } = response();
  const next = jest.fn();
  helmetFor(https, third)({ headers: {}, method: 'GET', url: '/api/movies' } as IncomingMessage, res, next);
  return { headers: Object.fromEntries(headers), nextCalls: next.mock.calls };
};

/** What the copy worked out at boot leaves on an answer. */
const copiedAnswer = (write: (res: ServerResponse) => void) => {
  const { res, headers } = response();
  write(res);
  return Object.fromEntries(headers);
};

describe('fixedHeaders (helmet worked out once at boot)', () => {
  it.each([
    ['over http, without third parties', false, []],
    ['over https, with Razorpay', true, ['https://checkout.razorpay.com', 'https://api.razorpay.com']],
  ])('writes exactly what helmet writes, on every answer (%s)', (_, https, third) => {
    const fixed = fixedHeaders(helmetFor(https, third));
    const expected = helmetAnswer(https, third);
    expect(expected.headers['content-security-policy']).toContain("default-src 'self'");
    expect(expected.nextCalls).toEqual([[]]);
    expect(copiedAnswer(fixed)).toEqual(expected.headers);
    expect(copiedAnswer(fixed)).toEqual(expected.headers);
  });

  it('refuses at boot a middleware that fails without a request', () => {
    expect(() => fixedHeaders((_req, _res, next) => next(new Error('needs the request')))).toThrow(
      'needs the request',
    );
  });
});
