import { AuthPatterns } from '@app/contracts';
import { solveAltcha, type AltchaChallenge, type ServiceUnderTest } from '@app/server-testing';

/** Does what the altcha widget does in the browser: fetch a challenge, solve it, encode the payload. */
export const solveCaptcha = async (service: ServiceUnderTest): Promise<string> =>
  solveAltcha(await service.send<AltchaChallenge>(AuthPatterns.captchaChallenge, {}));

export const TEST_SECRETS = {
  JWT_SECRET: 'test-jwt-secret-0123456789-abcdefghijklmnop',
  ALTCHA_HMAC_KEY: 'test-altcha-key-0123456789-abcdefghijklmnop',
};
