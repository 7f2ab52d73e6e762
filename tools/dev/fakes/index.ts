/**
 * Stand-ins for third parties this machine cannot reach (mail, Google, reCAPTCHA, movie databases, Razorpay).
 * Each starter returns the environment that points our services at it; `npm start` and the browser
 * journeys use them whenever the real keys are not configured. Starters live beside this file, one per area.
 */
import { startAuthFakes } from './auth-fakes';
import { startCatalogueFakes } from './catalogue-fakes';
import type { DevFake, DevFakeContext, DevFakeStarter } from './dev-fake';
import { startPaymentFakes } from './payment-fakes';

export const DEV_FAKE_STARTERS: DevFakeStarter[] = [startAuthFakes, startCatalogueFakes, startPaymentFakes];

/** Starts every fake; the merged env is handed to every service and the gateway (each reads only its own keys). */
export const startDevFakes = async (context: DevFakeContext): Promise<DevFake> => {
  const started: DevFake[] = [];
  try {
    for (const start of DEV_FAKE_STARTERS) {
      const fake = await start(context);
      if (fake) started.push(fake);
    }
  } catch (error) {
    await Promise.all(started.map((fake) => fake.stop()));
    throw error;
  }
  return {
    env: Object.assign({}, ...started.map((fake) => fake.env)),
    stop: async () => {
      await Promise.all(started.map((fake) => fake.stop().catch(() => undefined)));
    },
  };
};
