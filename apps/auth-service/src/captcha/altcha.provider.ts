import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaConfig } from '@app/contracts';
import { CAPTCHA_CHALLENGE_PATH } from '@app/contracts';
import { CaptchaProvider } from './captcha.provider';
import type { CaptchaStore } from './captcha.store';

/** A challenge lives this long; a solved one is remembered as long (replay protection). */
export const ALTCHA_TTL_SECONDS = 10 * 60;
/** PBKDF2 iterations per guess and the largest counter: about half a second of work for a browser. */
const ALTCHA_COST = 1_000;
const ALTCHA_MAX_COUNTER = 1_000;

type AltchaPayload = { challenge: Challenge; solution: Solution };

const decode = (token: string): AltchaPayload | null => {
  try {
    const payload = JSON.parse(
      Buffer.from(token, 'base64').toString('utf8'),
    ) as Partial<AltchaPayload> | null;
    if (!payload?.challenge?.parameters || !payload.solution) return null;
    return payload as AltchaPayload;
  } catch {
    return null;
  }
};

/** Self-hosted proof of work (ALTCHA v2, altcha-lib): no third party, HMAC-signed challenges. */
export class AltchaProvider extends CaptchaProvider {
  constructor(
    private readonly hmacKey: string,
    private readonly store: CaptchaStore,
  ) {
    super();
  }

  config(): CaptchaConfig {
    return { provider: 'altcha', challengeUrl: CAPTCHA_CHALLENGE_PATH };
  }

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: ALTCHA_COST,
      counter: Math.floor(Math.random() * ALTCHA_MAX_COUNTER),
      deriveKey,
      expiresAt: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.keySecret(),
    });
  }

  async verify(token: string): Promise<boolean> {
    const payload = decode(token);
    if (!payload) return false;
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.keySecret(),
    }).catch(() => null);
    if (!result?.verified) return false;
    const expiresAt =
      payload.challenge.parameters.expiresAt ?? Math.floor(Date.now() / 1000) + ALTCHA_TTL_SECONDS;
    return this.store.markUsed(payload.challenge.parameters.nonce, expiresAt - Math.floor(Date.now() / 1000));
  }

  private keySecret() {
    return `${this.hmacKey}:key`;
  }
}
