// No server code here: browser journeys import this file alone (`@app/server-testing/outbox`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutboxMessage } from '@app/contracts';

/** Every mail in the folder, oldest first (file names start with the receive time and a sequence number). */
export const readOutbox = (dir: string): OutboxMessage[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMessage)
    : [];

/** Every mail to `email`, oldest first. */
export const mailsIn = (dir: string, email: string): OutboxMessage[] =>
  readOutbox(dir).filter((mail) => mail.to.includes(email.toLowerCase()));

const POLL_INTERVAL_MS = 100;

/** Polls the folder until `find` picks a mail; `what` names it in the timeout's message. */
export const pollOutbox = async (
  dir: string,
  find: (mails: OutboxMessage[]) => OutboxMessage | undefined,
  { what, timeoutMs = 10_000 }: { what: string; timeoutMs?: number },
): Promise<OutboxMessage> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find(readOutbox(dir));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} arrived in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
};
