import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { AuthPatterns } from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';

/** Does what the altcha widget does in the browser: fetch a challenge, solve it, encode the payload. */
export const solveCaptcha = async (service: ServiceUnderTest): Promise<string> => {
  const challenge = await service.send<Challenge>(AuthPatterns.captchaChallenge, {});
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

export const TEST_SECRETS = { JWT_SECRET: 'test-jwt-secret-0123456789-abcdefghijklmnop', ALTCHA_HMAC_KEY: 'test-altcha-key-0123456789-abcdefghijklmnop' };
