import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AuthRpc, EVENT_STREAM } from '@app/contracts';
import { solveAltcha, type ServiceUnderTest } from '@app/server-testing';

/** Does what the altcha widget does in the browser: fetch a challenge, solve it, encode the payload. */
export const solveCaptcha = async (service: ServiceUnderTest): Promise<string> => {
  const challenge = await service.call(AuthRpc.captchaChallenge, {});
  // null only when reCAPTCHA replaces ALTCHA, which no suite here configures.
  if (!challenge) throw new Error('no ALTCHA challenge: reCAPTCHA is configured');
  return solveAltcha(challenge);
};

/** A sign-in as the gateway passes one on: the captcha solved, from `clientIp` (and `userAgent`), to the viewer's side unless `adminOnly`. */
export const signIn = async (
  service: ServiceUnderTest,
  {
    email,
    password,
    clientIp,
    adminOnly = false,
    userAgent,
  }: { email: string; password: string; clientIp: string; adminOnly?: boolean; userAgent?: string },
) =>
  service.call(AuthRpc.login, {
    email,
    password,
    recaptchaToken: await solveCaptcha(service),
    clientIp,
    adminOnly,
    ...(userAgent === undefined ? {} : { userAgent }),
  });

/** The events on the bus, oldest first: each one's type and payload (auth-service's among other suites'). */
export const busEvents = async (redis: Redis) =>
  (await redis.xrange(EVENT_STREAM, '-', '+')).map(
    ([, fields]) => JSON.parse(fields[1]) as { type: string; payload: Record<string, string | undefined> },
  );

export const TEST_SECRETS = {
  JWT_SECRET: 'test-jwt-secret-0123456789-abcdefghijklmnop',
  ALTCHA_HMAC_KEY: 'test-altcha-key-0123456789-abcdefghijklmnop',
  OTP_HMAC_KEY: 'test-otp-hmac-key-0123456789-abcdefghijklm',
};

/**
 * What the gateway makes at Google's callback: a nonce for the browser's HttpOnly cookie (`browserBinding`, sent at
 * the exchange) and its SHA-256 for auth-service (`browserBindingHash`, sent with the Google sign-in).
 */
export const newBrowserBinding = () => {
  const browserBinding = randomBytes(32).toString('base64url');
  return { browserBinding, browserBindingHash: createHash('sha256').update(browserBinding).digest('hex') };
};
