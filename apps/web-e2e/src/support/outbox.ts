import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One mail as the dev SMTP fake writes it: `<outbox>/<id>.json` (the raw message is beside it as `<id>.eml`). */
export type OutboxMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  date: string;
};

const POLL_INTERVAL_MS = 100;
const DEFAULT_TIMEOUT_MS = 10_000;

/** The folder where the dev SMTP server of the system under test writes every mail it receives. */
export const outboxDir = () => {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set: run the suite through `npm test`.');
  return dir;
};

/** Every mail to `email` so far, oldest first (file names start with the receive time and a sequence number). */
export const mailsTo = async (email: string): Promise<OutboxMail[]> => {
  const files = (await readdir(outboxDir()).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.json'))
    .sort();
  const mails = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(outboxDir(), file), 'utf8')) as OutboxMail),
  );
  return mails.filter((mail) => mail.to.includes(email.toLowerCase()));
};

/**
 * Waits for mail number `after + 1` to `email` (pass how many were there before the action that sends it)
 * by polling the outbox until the deadline.
 */
export const waitForMail = async (
  email: string,
  { after = 0, timeoutMs = DEFAULT_TIMEOUT_MS }: { after?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(email);
    if (mails.length > after) return mails[after];
    if (Date.now() > deadline)
      throw new Error(
        `no mail number ${after + 1} to ${email} arrived in ${outboxDir()} within ${timeoutMs} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
};

/** The one 6-digit code in a mail's text; throws when there is none or more than one. */
export const otpIn = (mail: OutboxMail): string => {
  const codes = mail.text.match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1)
    throw new Error(`expected one 6-digit code in "${mail.subject}", found ${codes.length}`);
  return codes[0];
};

/** The OTP of the next password-reset mail to `email` (see waitForMail for `after`). */
export const waitForOtp = async (
  email: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> => otpIn(await waitForMail(email, options));
