import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { OutboxMessage } from '@app/contracts';

export type MailOptions = {
  /** `smtp://host:port` (or smtps://user:pass@host:port); without it mail goes to `outboxDir` as files. */
  smtpUrl?: string;
  from: string;
  /** Development fallback when no SMTP server is configured: one .eml and one .json per message. */
  outboxDir?: string;
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a receipt's tax invoice PDF); nodemailer encodes them. */
  attachments?: MailAttachment[];
};

/** The JSON written beside each .eml in an outbox folder (the same shape the SMTP test fake writes). */

/** Sends mail over SMTP with nodemailer; in development without SMTP, writes it to a local outbox folder. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter;

  constructor(private readonly options: MailOptions) {
    if (options.smtpUrl) {
      this.transport = createTransport(options.smtpUrl);
    } else if (options.outboxDir) {
      mkdirSync(options.outboxDir, { recursive: true });
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    } else {
      throw new Error('Mailer needs an SMTP URL or an outbox folder');
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.options.from, ...mail })) as {
      message?: Buffer;
      messageId?: string;
    };
    if (!this.options.smtpUrl && this.options.outboxDir && info.message) {
      this.writeToOutbox(this.options.outboxDir, mail, info.message);
    }
    this.logger.log({
      msg: 'mail sent',
      subject: mail.subject,
      via: this.options.smtpUrl ? 'smtp' : 'outbox',
    });
  }

  onApplicationShutdown() {
    this.transport.close();
  }

  private writeToOutbox(dir: string, mail: OutgoingMail, raw: Buffer) {
    const date = new Date().toISOString();
    const base = path.join(dir, `${date.replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`);
    const message: OutboxMessage = {
      to: [mail.to.toLowerCase()],
      from: this.options.from,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      date,
      ...(mail.attachments?.length ? { attachments: mail.attachments.map((file) => file.filename) } : {}),
    };
    writeFileSync(`${base}.eml`, raw);
    // Written whole, then named: a reader polling the folder never parses half a file.
    writeFileSync(`${base}.json.part`, JSON.stringify(message, null, 2));
    renameSync(`${base}.json.part`, `${base}.json`);
  }
}
