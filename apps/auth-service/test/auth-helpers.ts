import { createHash, randomBytes } from 'node:crypto';
import { AuthPatterns } from '@app/contracts';
import { solveAltcha, type AltchaChallenge, type ServiceUnderTest } from '@app/server-testing';

/** Does what the altcha widget does in the browser: fetch a challenge, solve it, encode the payload. */
export const solveCaptcha = async (service: ServiceUnderTest): Promise<string> =>
  solveAltcha(await service.send<AltchaChallenge>(AuthPatterns.captchaChallenge, {}));

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
