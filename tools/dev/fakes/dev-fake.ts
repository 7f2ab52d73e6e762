/** A started stand-in: the environment that points our services at it, and how to stop it. */
export type DevFake = { env: Record<string, string>; stop(): Promise<void> };
export type DevFakeContext = {
  dataDir: string;
  /** Where the gateway will listen (fakes that call us back, such as Razorpay's webhooks, need it). */
  gatewayUrl: string;
  log: (line: string) => void;
};
/** Starts one area's fakes; null when that area needs none (its real keys are configured). */
export type DevFakeStarter = (context: DevFakeContext) => Promise<DevFake | null>;
