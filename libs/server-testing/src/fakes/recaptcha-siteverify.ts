import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecaptchaFake = { verifyUrl: string; stop(): Promise<void> };

/**
 * Google's reCAPTCHA `siteverify` as documented: POST form `secret`, `response` (and `remoteip`) →
 * `{ success, error-codes }`. Succeeds only for the configured secret and a response in `validResponses`.
 */
export const startRecaptchaFake = async ({
  secret,
  validResponses,
}: {
  secret: string;
  validResponses: string[];
}): Promise<RecaptchaFake> => {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const errors: string[] = [];
      if (req.method !== 'POST' || req.url !== '/recaptcha/api/siteverify') errors.push('bad-request');
      if (form.get('secret') !== secret) errors.push('invalid-input-secret');
      const response = form.get('response');
      if (!response) errors.push('missing-input-response');
      else if (!validResponses.includes(response)) errors.push('invalid-input-response');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          errors.length
            ? { success: false, 'error-codes': errors }
            : { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    verifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
