/**
 * One mail in a local outbox folder (`<dir>/<id>.json`, the raw message beside it as `<id>.eml`): what the
 * Mailer writes in development without SMTP, and what the SMTP stand-in of `npm start` and the tests writes.
 */
export type OutboxMessage = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  date: string;
  /** Names of attached files (the Mailer's folder outbox writes them; the raw message holds the files). */
  attachments?: string[];
};
