import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One received message, as written to `<dir>/<id>.json` (the raw message is beside it as `<id>.eml`). */
export type OutboxMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  date: string;
};

export type SmtpOutbox = {
  /** `smtp://127.0.0.1:<port>` for nodemailer. */
  url: string;
  dir: string;
  /** Every message in the folder, oldest first. */
  messages(): OutboxMail[];
  /** Resolves with the first message to `to` that matches, polling the folder until `timeoutMs`. */
  waitForMail(to: string, predicate?: (mail: OutboxMail) => boolean, timeoutMs?: number): Promise<OutboxMail>;
  stop(): Promise<void>;
};

export const readOutbox = (dir: string): OutboxMail[] =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMail);

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
            const mail: OutboxMail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              date: new Date().toISOString(),
            };
            writeFileSync(path.join(dir, `${id}.eml`), raw);
            writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(mail, null, 2));
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
    async waitForMail(to, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages().find((mail) => mail.to.includes(to.toLowerCase()) && predicate(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived in ${dir}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
