import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startGoogleOAuthFake, startSmtpOutbox } from '@app/server-testing';
import type { DevFakeStarter } from './index';

type AuthSecrets = { JWT_SECRET: string; ALTCHA_HMAC_KEY: string };

/** Generated once per data dir and kept there, so sessions survive a restart of `npm start`. */
const secretsFor = (dataDir: string): AuthSecrets => {
  const file = path.join(dataDir, 'auth-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as AuthSecrets;
  const secrets = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ALTCHA_HMAC_KEY: randomBytes(48).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
};

/** Accounts: an SMTP server writing every mail to `<dataDir>/outbox`, Google's OAuth endpoints, and local secrets. */
export const startAuthFakes: DevFakeStarter = async ({ dataDir, log }) => {
  const outboxDir = path.join(dataDir, 'outbox');
  const smtp = await startSmtpOutbox({ dir: outboxDir });
  try {
    const google = await startGoogleOAuthFake();
    log(`Mail (OTPs) is delivered to a local SMTP outbox: ${outboxDir}`);
    return {
      env: {
        ...secretsFor(dataDir),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Streamly <no-reply@streamly.in>',
        OUTBOX_DIR: outboxDir,
        ...google.env,
      },
      stop: async () => {
        await Promise.all([smtp.stop(), google.stop()]);
      },
    };
  } catch (error) {
    await smtp.stop();
    throw error;
  }
};
