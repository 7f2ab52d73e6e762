import mongoose from 'mongoose';
import type { LoginResponse, ServiceName } from '@app/contracts';
import { newId, solveAltcha, type AltchaChallenge } from '@app/server-testing';
import { callGateway } from './gateway-harness';
import { startServiceProcess, type ServiceProcess } from './service-process';

// What the suites that run real services behind the gateway share: the services' secrets, starting them side by
// side, media ready in streaming-service's store, and viewers signed up and in as the web app does it.

/** The secrets one suite's services share (auth-service signs what streaming-service checks, and so on). */
export const suiteSecrets = (suite: string) => ({
  JWT_SECRET: `${suite}-jwt-secret-0123456789-abcdefgh`,
  ALTCHA_HMAC_KEY: `${suite}-altcha-key-0123456789-abcdefg`,
  OTP_HMAC_KEY: `${suite}-otp-hmac-key-0123456789-abcde`,
  STREAM_TOKEN_SECRET: `${suite}-stream-token-secret-0123456789`,
});

/**
 * Starts `services` side by side, each with its env, and answers them in that order. Those that did start are put
 * in `started` (for afterAll to stop) even when another failed.
 */
export const startServiceProcesses = async (
  started: ServiceProcess[],
  services: Array<[ServiceName, Record<string, string>]>,
): Promise<ServiceProcess[]> => {
  const results = await Promise.allSettled(services.map(([name, env]) => startServiceProcess(name, env)));
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return started;
};

export type ReadyAsset = { movieId: string; durationSeconds: number; renditions: string[] };

/** Media streaming-service has ready for each title, written straight into its store at `assets/{movieId}`. */
export const recordReadyAssets = async (mongoUri: string, assets: ReadyAsset[]) => {
  const connection = await mongoose.createConnection(mongoUri).asPromise();
  try {
    const now = new Date();
    await connection.collection('assets').insertMany(
      assets.map(({ movieId, durationSeconds, renditions }) => ({
        movieId,
        status: 'ready',
        progress: 100,
        etaSeconds: null,
        error: null,
        source: 'upload',
        sourceName: `${movieId}.mp4`,
        dir: `assets/${movieId}`,
        readyAt: now,
        durationSeconds,
        renditions,
        hasMp4: true,
        hasTrickplay: false,
        probe: null,
        pending: null,
        announcedAt: now,
        updatedAt: now,
      })),
    );
  } finally {
    await connection.close();
  }
};

/** Signs in through the gateway at `url` as the web app does: the captcha solved, then the login. */
export const signIn = async (
  url: string,
  { email, password }: { email: string; password: string },
  headers: Record<string, string> = {},
) => {
  const challenge = (await (
    await callGateway(url, 'GET', '/api/auth/captcha/challenge')
  ).json()) as AltchaChallenge;
  const login = await callGateway(url, 'POST', '/api/auth/login', {
    body: { email, password, recaptchaToken: await solveAltcha(challenge) },
    headers,
  });
  expect(login.status).toBe(200);
  const { token, user } = (await login.json()) as LoginResponse;
  return { id: user.id, token };
};

/** A new viewer as the web app makes one: sign-up with an email no one has, then sign-in (`headers` on both). */
export const signUp = async (url: string, password: string, headers: Record<string, string> = {}) => {
  const email = `viewer-${newId()}@example.in`;
  const signup = await callGateway(url, 'POST', '/api/signup', {
    body: { username: 'Meera', email, password },
    headers,
  });
  expect(signup.status).toBe(201);
  return { email, ...(await signIn(url, { email, password }, headers)) };
};
