import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type HeldMail = { to: string[]; subject: string; text: string };

export type HeldSmtp = {
  /** `smtp://127.0.0.1:<port>` for nodemailer. */
  url: string;
  /** Messages whose data arrived; none is accepted (the client still waits for "250 OK") until `release`. */
  arrived(): HeldMail[];
  /** Accepts every held message and all later ones… */
  release(): void;
  /** …until the server holds again. */
  hold(): void;
  /** Resolves with the first message to `to`, once it has arrived. */
  waitForMail(to: string): Promise<HeldMail>;
  stop(): Promise<void>;
};

/**
 * A real SMTP server that holds every message at the end of DATA until the test releases it: a sender that awaits
 * the delivery is stuck until then. Shows whether an answer waited for the mail without measuring any time.
 */
export const startHeldSmtp = async (): Promise<HeldSmtp> => {
  let release!: () => void;
  let released!: Promise<void>;
  const hold = () => {
    released = new Promise<void>((resolve) => (release = resolve));
  };
  hold();
  const arrived: HeldMail[] = [];
  const waiting: Array<{ to: string; resolve: (mail: HeldMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const gate = released;
      simpleParser(stream)
        .then((parsed) => {
          const mail: HeldMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          arrived.push(mail);
          for (const waiter of waiting.filter(({ to }) => mail.to.includes(to))) waiter.resolve(mail);
          return gate.then(() => callback());
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived: () => [...arrived],
    release: () => release(),
    hold,
    waitForMail: (to) =>
      new Promise<HeldMail>((resolve) => {
        const found = arrived.find((mail) => mail.to.includes(to));
        if (found) resolve(found);
        else waiting.push({ to, resolve });
      }),
    stop: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
