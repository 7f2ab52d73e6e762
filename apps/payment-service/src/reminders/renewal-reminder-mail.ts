import type { OutgoingMail } from '@app/server-core';
import { rupees } from '../receipts/receipt-mail';

export type ReminderFacts = {
  to: string;
  name: string | null;
  planName: string;
  amountPaise: number;
  chargeAt: Date;
};

const day = (date: Date) =>
  date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The mail 3 days before a renewal (issue 27): plan, amount, date, and how to cancel before it. */
export const renewalReminderMail = ({
  to,
  name,
  planName,
  amountPaise,
  chargeAt,
}: ReminderFacts): OutgoingMail => ({
  to,
  subject: `Your Streamly ${planName} plan renews on ${day(chargeAt)}`,
  text: [
    `Hello ${name ?? 'there'},`,
    '',
    `Your ${planName} plan renews automatically on ${day(chargeAt)}.`,
    `Amount: ${rupees(amountPaise)} (GST included), charged to the payment method you authorised.`,
    '',
    "Nothing to do if you'd like to keep watching.",
    'To stop the renewal, cancel before that date: Profile → Subscription → Cancel Subscription. You keep access until the end of the period you paid for.',
    '',
    'Streamly',
  ].join('\n'),
});
