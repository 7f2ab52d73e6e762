import { UiLanguage } from '@app/contracts';
import type { OutgoingMail } from './mailer';

/** Issue 26: a mail goes out in its account's language; the locale its dates are written in, per language. */
const MAIL_LOCALES: Record<UiLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

/** What a mail says in one language. */
export type MailText = { subject: string; lines: string[] };

/** One mail in every language mails are written in: a missing one is a compile error. */
export type MailTexts<Facts> = Record<UiLanguage, (facts: Facts) => MailText>;

/** The mail to `to` in `language` (English when the account has none, as accounts from before it). */
export const mailIn = <Facts>(
  texts: MailTexts<Facts>,
  language: UiLanguage | undefined,
  to: string,
  facts: Facts,
): OutgoingMail => {
  const { subject, lines } = texts[language ?? UiLanguage.English](facts);
  return { to, subject, text: lines.join('\n') };
};

/** "1 July 2025" / "1 जुलाई 2025": viewers are in India, whatever the server's zone. */
export const mailDay = (date: Date, language: UiLanguage = UiLanguage.English) =>
  date.toLocaleDateString(MAIL_LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** "27 November 2026, 11:45 pm IST": a moment, in India's time. */
export const mailTime = (at: Date, language: UiLanguage = UiLanguage.English) =>
  `${at.toLocaleString(MAIL_LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  })} IST`;
