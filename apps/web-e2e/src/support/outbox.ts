import type { OutboxMessage } from '@app/contracts';
import { mailsIn, pollOutbox } from '@app/server-testing/outbox';

/** The folder where the dev SMTP server of the system under test writes every mail it receives. */
export const outboxDir = () => {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set: run the suite through `npm test`.');
  return dir;
};

/** Every mail to `email` so far, oldest first. */
export const mailsTo = (email: string): Promise<OutboxMessage[]> =>
  Promise.resolve(mailsIn(outboxDir(), email));

/**
 * Waits for mail number `after + 1` to `email` (pass how many were there before the action that sends it)
 * by polling the outbox until the deadline.
 */
export const waitForMail = (
  email: string,
  { after = 0, timeoutMs }: { after?: number; timeoutMs?: number } = {},
): Promise<OutboxMessage> =>
  pollOutbox(outboxDir(), () => mailsIn(outboxDir(), email)[after], {
    what: `mail number ${after + 1} to ${email}`,
    timeoutMs,
  });

/** The first mail to `email` whose text contains `marker` (other runs may mail the same address meanwhile). */
export const waitForMailContaining = (
  email: string,
  marker: string,
  timeoutMs?: number,
): Promise<OutboxMessage> =>
  pollOutbox(outboxDir(), () => mailsIn(outboxDir(), email).find((mail) => mail.text.includes(marker)), {
    what: `mail to ${email} containing "${marker}"`,
    timeoutMs,
  });

/** The one 6-digit code in a mail's text; throws when there is none or more than one. */
export const otpIn = (mail: OutboxMessage): string => {
  const codes = mail.text.match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1)
    throw new Error(`expected one 6-digit code in "${mail.subject}", found ${codes.length}`);
  return codes[0];
};

/** A mail with a one-time code (not the verification link sign-up sends). */
const isOtpMail = (mail: OutboxMessage) =>
  !mail.text.includes('/verify-email?') && /\b\d{6}\b/.test(mail.text);

/**
 * The OTP of the first password-reset mail to `email` after the first `after` mails (pass how many were there
 * before asking); mails of another kind in between are skipped.
 */
export const waitForOtp = async (
  email: string,
  { after = 0, timeoutMs }: { after?: number; timeoutMs?: number } = {},
): Promise<string> =>
  otpIn(
    await pollOutbox(outboxDir(), () => mailsIn(outboxDir(), email).slice(after).find(isOtpMail), {
      what: `a one-time code mailed to ${email} (after mail ${after})`,
      timeoutMs,
    }),
  );
