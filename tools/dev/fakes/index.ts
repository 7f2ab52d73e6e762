/**
 * Stand-ins for third parties this machine cannot reach (mail, Google, reCAPTCHA, movie databases, Razorpay).
 * Each starter returns the environment that points our services at it; `npm start` and the browser
 * journeys use them whenever the real keys are not configured. Starters live beside this file, one per area.
 */
import { startAuthFakes } from './auth-fakes';
import { startCatalogueFakes } from './catalogue-fakes';
import { startPaymentFakes } from './payment-fakes';

export type DevFake = { env: Record<string, string>; stop(): Promise<void> };
export type DevFakeContext = {
  dataDir: string;
  /** Where the gateway will listen (fakes that call us back, such as Razorpay's webhooks, need it). */
  gatewayUrl: string;
  log: (line: string) => void;
};
export type DevFakeStarter = (context: DevFakeContext) => Promise<DevFake | null>;

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
