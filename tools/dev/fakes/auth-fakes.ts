import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startGoogleOAuthFake, startSmtpOutbox } from '@app/server-testing';
import type { DevFakeStarter } from './dev-fake';

const SECRET_KEYS = ['JWT_SECRET', 'ALTCHA_HMAC_KEY', 'OTP_HMAC_KEY'] as const;
type AuthSecrets = Record<(typeof SECRET_KEYS)[number], string>;

/**
 * Generated once per data dir and kept there, so sessions survive a restart of `npm start`; a key added since
 * the file was written is generated then and kept too.
 */
const secretsFor = (dataDir: string): AuthSecrets => {
  const file = path.join(dataDir, 'auth-secrets.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<AuthSecrets>) : {};
  if (SECRET_KEYS.every((key) => kept[key])) return kept as AuthSecrets;
  const secrets = Object.fromEntries(
    SECRET_KEYS.map((key) => [key, kept[key] ?? randomBytes(48).toString('base64url')]),
  ) as AuthSecrets;
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
