import type { UiLanguage } from '@app/contracts';
import { mailDay, mailIn } from '@app/server-core';
import type { MailTexts, OutgoingMail } from '@app/server-core';
import { rupees } from '../receipts/receipt-mail';

export type ReminderFacts = {
  to: string;
  name: string | null;
  /** Issue 26: the account's language (English when the record has none). */
  language?: UiLanguage;
  planName: string;
  amountPaise: number;
  chargeAt: Date;
};

type Facts = Omit<ReminderFacts, 'to' | 'language'>;

const texts: MailTexts<Facts> = {
  en: ({ name, planName, amountPaise, chargeAt }) => ({
    subject: `Your Streamly ${planName} plan renews on ${mailDay(chargeAt)}`,
    lines: [
      `Hello ${name ?? 'there'},`,
      '',
      `Your ${planName} plan renews automatically on ${mailDay(chargeAt)}.`,
      `Amount: ${rupees(amountPaise)} (GST included), charged to the payment method you authorised.`,
      '',
      "Nothing to do if you'd like to keep watching.",
      'To stop the renewal, cancel before that date: Profile → Subscription → Cancel Subscription. You keep access until the end of the period you paid for.',
      '',
      'Streamly',
    ],
  }),
  hi: ({ name, planName, amountPaise, chargeAt }) => ({
    subject: `आपका Streamly ${planName} प्लान ${mailDay(chargeAt, 'hi')} को नवीनीकृत होगा`,
    lines: [
      name ? `नमस्ते ${name},` : 'नमस्ते,',
      '',
      `आपका ${planName} प्लान ${mailDay(chargeAt, 'hi')} को अपने-आप नवीनीकृत होगा।`,
      `राशि: ${rupees(amountPaise)} (GST सहित), आपके द्वारा अधिकृत भुगतान माध्यम से ली जाएगी।`,
      '',
      'अगर आप देखते रहना चाहते हैं, तो कुछ करने की ज़रूरत नहीं है।',
      'नवीनीकरण रोकने के लिए उस तारीख़ से पहले रद्द करें: प्रोफ़ाइल → सदस्यता → सदस्यता रद्द करें। जिस अवधि का भुगतान किया है, उसके अंत तक आप देख सकते हैं।',
      '',
      'Streamly',
    ],
  }),
};

/** The mail 3 days before a renewal (issue 27): plan, amount, date, and how to cancel before it. */
export const renewalReminderMail = ({ to, language, ...facts }: ReminderFacts): OutgoingMail =>
  mailIn(texts, language, to, facts);
