import path from 'node:path';
import type { LoginResponse, Movie, Page } from '@app/contracts';
import { workspaceRoot } from '@app/local-infra';
import { solveAltcha, type AltchaChallenge } from '@app/server-testing/altcha';
import { mailsIn, pollOutbox } from '@app/server-testing/outbox';
import { nxCli, runStep } from '../dev/processes';
import { startSystem, type RunningSystem } from '../dev/system';

// What every whole-system benchmark does first: build, start the system the way `npm start` does (on free ports,
// in a throwaway data dir), and sign viewers in through the API.

/** Builds everything, then starts the whole system under `.test-data/{name}`. */
export const startBenchSystem = async (name: string, dirname: string): Promise<RunningSystem> => {
  const root = workspaceRoot(dirname);
  await runStep(
    'build',
    process.execPath,
    [nxCli(root), 'run-many', '-t', 'build', '--output-style=static'],
    {
      cwd: root,
    },
  );
  return startSystem({
    root,
    dataDir: path.join(root, '.test-data', name),
    persist: false,
    ports: 'free',
    log: (line) => console.log(`• ${line}`),
  });
};

/** The value at percentile `p` of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Random = () => number;

/** mulberry32: a small seeded generator, so two runs of a bench draw the same data. */
export const seededRandom = (seed: number): Random => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export type BenchApi = ReturnType<typeof benchApi>;

const VERIFY_LINK = /\/verify-email\?token=([a-f0-9]{64})/;

/**
 * JSON calls to the gateway. Each call comes from its own client address (`x-forwarded-for`), as real visitors
 * do, so the per-address sign-up and sign-in limits stay on and a bench can still make many accounts.
 */
export const benchApi = (baseUrl: string) => {
  let client = 0;
  const send = (urlPath: string, init: RequestInit = {}, token?: string) => {
    client++;
    return fetch(`${baseUrl}${urlPath}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.9.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  };
  const json = async <T>(urlPath: string, init: RequestInit = {}, token?: string): Promise<T> => {
    const res = await send(urlPath, init, token);
    if (!res.ok) throw new Error(`${urlPath} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  /** Signs in with a freshly solved captcha. */
  const signIn = async (email: string, password: string, loginPath = '/api/auth/login') => {
    const challenge = await json<AltchaChallenge>('/api/auth/captcha/challenge');
    const body = JSON.stringify({ email, password, recaptchaToken: await solveAltcha(challenge) });
    return json<LoginResponse>(loginPath, { method: 'POST', body });
  };
  let accounts = 0;
  /** A new account, signed in (with its credentials, for benches that sign in again). */
  const newViewer = async (label: string) => {
    const email = `bench-${label}-${Date.now().toString(36)}-${++accounts}@bench.streamly.in`;
    const password = 'Bench@12345';
    await json('/api/signup', {
      method: 'POST',
      body: JSON.stringify({ username: 'Bench Viewer', email, password }),
    });
    const session = await signIn(email, password);
    return { id: session.user.id, token: session.token, email, password };
  };
  /** Opens the link sign-up mailed to `email` (DECISIONS 33: paying needs a verified address). */
  const verifyEmail = async (email: string, outboxDir: string) => {
    const mail = await pollOutbox(
      outboxDir,
      () => mailsIn(outboxDir, email).find((candidate) => VERIFY_LINK.test(candidate.text)),
      { what: `verification mail to ${email}` },
    );
    const token = VERIFY_LINK.exec(mail.text)?.[1];
    await json('/api/auth/verify-email', { method: 'POST', body: JSON.stringify({ token }) });
  };
  /** A fresh system is still mapping its seeded titles to the sample films: waits for a playable free one. */
  const playableTitle = async (): Promise<Movie> => {
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(2000)) {
      const free = await json<Page<Movie>>('/api/movies?access=free&page=1&pageSize=50');
      const movie = free.data.find((candidate) => candidate.mediaReady);
      if (movie) return movie;
    }
    throw new Error('no playable title after 3 minutes');
  };
  return { send, json, signIn, newViewer, verifyEmail, playableTitle };
};
