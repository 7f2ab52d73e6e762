import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { OutboxMessage } from '@app/contracts';
import { mailsIn, pollOutbox, readOutbox } from '../outbox';

export type SmtpOutbox = {
  /** `smtp://127.0.0.1:<port>` for nodemailer. */
  url: string;
  dir: string;
  /** Every message in the folder, oldest first. */
  messages(): OutboxMessage[];
  /** Resolves with the first message to `to` that matches, polling the folder until `timeoutMs`. */
  waitForMail(
    to: string,
    predicate?: (mail: OutboxMessage) => boolean,
    timeoutMs?: number,
  ): Promise<OutboxMessage>;
  stop(): Promise<void>;
};

/**
 * A real SMTP server (smtp-server) standing in for the mail provider: accepts every message without
 * authentication, parses it with mailparser and writes it to `dir` as JSON and .eml.
 */
export const startSmtpOutbox = async ({
  dir,
  port = 0,
}: {
  dir: string;
  port?: number;
}): Promise<SmtpOutbox> => {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++sequence).padStart(4, '0')}`;
            const mail: OutboxMessage = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              date: new Date().toISOString(),
              ...(parsed.attachments.length
                ? { attachments: parsed.attachments.map((file) => file.filename ?? '') }
                : {}),
            };
            writeFileSync(path.join(dir, `${id}.eml`), raw);
            // Written whole, then named: a reader polling the folder never parses half a file.
            writeFileSync(path.join(dir, `${id}.json.part`), JSON.stringify(mail, null, 2));
            renameSync(path.join(dir, `${id}.json.part`), path.join(dir, `${id}.json`));
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  const messages = () => readOutbox(dir);
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    dir,
    messages,
    waitForMail: (to, predicate = () => true, timeoutMs = 10_000) =>
      pollOutbox(dir, () => mailsIn(dir, to).find(predicate), { what: `mail to ${to}`, timeoutMs }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
