import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export type { Challenge as AltchaChallenge } from 'altcha-lib';

/**
 * Does what the ALTCHA widget does in the browser once a person ticks it: solves the challenge's proof of work
 * and encodes the payload the auth service verifies (sent as `recaptchaToken`).
 * Light on purpose (no server code): the browser journeys import it through `@app/server-testing/altcha`.
 */
export const solveAltcha = async (challenge: Challenge): Promise<string> => {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};
