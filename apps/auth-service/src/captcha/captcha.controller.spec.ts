import type { Challenge } from 'altcha-lib';
import { AuthMessages, ErrorCode } from '@app/contracts';
import type { AppError } from '@app/server-core';
import { solveAltcha } from '@app/server-testing/altcha';
import { AltchaProvider } from './altcha.provider';
import { CaptchaController } from './captcha.controller';
import type { CaptchaStore } from './captcha.store';

const KEY = 'a-test-altcha-hmac-key-of-32-characters!';

/** The real ALTCHA provider (signatures, proof of work, expiry); the Redis seam is a set of spent challenge ids. */
const setUp = (key = KEY) => {
  const spent = new Set<string>();
  const store = {
    markUsed: jest.fn(
      async (challengeId: string) => !spent.has(challengeId) && Boolean(spent.add(challengeId)),
    ),
  };
  const provider = new AltchaProvider(key, store as unknown as CaptchaStore);
  return { controller: new CaptchaController(provider), provider, store };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

const captchaFailed = { code: ErrorCode.Forbidden, message: AuthMessages.captchaFailed };

describe('CaptchaController.verify (the contact form captcha)', () => {
  it('accepts a solved challenge once and refuses its replay as login does (403)', async () => {
    const { controller, provider } = setUp();
    const token = await solveAltcha((await provider.challenge()) as Challenge);

    await expect(controller.verify({ token, clientIp: '203.0.113.7' })).resolves.toEqual({ verified: true });
    expect(await refusal(controller.verify({ token, clientIp: '203.0.113.7' }))).toMatchObject(captchaFailed);
  });

  it('refuses garbage and a challenge signed with another key, spending nothing', async () => {
    const { controller, store } = setUp();
    const foreign = await solveAltcha(
      (await setUp('another-altcha-hmac-key-of-32-characters').provider.challenge()) as Challenge,
    );

    for (const token of ['not-a-captcha', Buffer.from('{}').toString('base64'), foreign])
      expect(await refusal(controller.verify({ token, clientIp: '203.0.113.7' }))).toMatchObject(
        captchaFailed,
      );
    expect(store.markUsed).not.toHaveBeenCalled();
  });

  it('refuses an expired challenge', async () => {
    const { controller, provider } = setUp();
    const challenge = (await provider.challenge()) as Challenge;
    const token = await solveAltcha(challenge);
    jest.useFakeTimers({ now: Date.now() + 11 * 60_000 });
    try {
      expect(await refusal(controller.verify({ token, clientIp: '203.0.113.7' }))).toMatchObject(
        captchaFailed,
      );
    } finally {
      jest.useRealTimers();
    }
  });
});
