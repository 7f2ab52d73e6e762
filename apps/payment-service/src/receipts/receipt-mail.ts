import type { OutgoingMail } from '@app/server-core';

/** GST on digital services in India: 18 %, included in every price we show. */
const GST_RATE = 0.18;

export type ReceiptFacts = {
  to: string;
  name: string | null;
  paymentId: string;
  amountPaise: number;
  paidAt: Date;
  what:
    | { kind: 'purchase'; title: string }
    | { kind: 'rental'; title: string; startBy: Date }
    | {
        kind: 'subscription';
        planName: string;
        periodStart: Date | null;
        periodEnd: Date | null;
        renewal: boolean;
      };
};

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (date: Date) =>
  date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The GST part of a GST-inclusive amount, in paise (rounded to the paisa). */
export const gstIncluded = (amountPaise: number): number =>
  Math.round((amountPaise * GST_RATE) / (1 + GST_RATE));

/** The receipt mail of one payment: amount in ₹ (GST included, and how much of it), what it bought, for when. */
export const receiptMail = ({
  to,
  name,
  paymentId,
  amountPaise,
  paidAt,
  what,
}: ReceiptFacts): OutgoingMail => {
  const item = (() => {
    switch (what.kind) {
      case 'purchase':
        return { line: `Purchase: ${what.title}`, when: 'Yours to watch for as long as Streamly runs.' };
      case 'rental':
        return {
          line: `Rental: ${what.title}`,
          when: `Start watching by ${day(what.startBy)}; once you press play you have 48 hours.`,
        };
      case 'subscription':
        return {
          line: `${what.renewal ? 'Renewal' : 'Subscription'}: ${what.planName} plan`,
          when:
            what.periodStart && what.periodEnd
              ? `Period: ${day(what.periodStart)} to ${day(what.periodEnd)}. It renews automatically; cancel any time from your profile.`
              : 'It renews automatically; cancel any time from your profile.',
        };
    }
  })();
  const text = [
    `Hello ${name ?? 'there'},`,
    '',
    'Thank you for your payment. Your receipt:',
    '',
    item.line,
    `Amount paid: ${rupees(amountPaise)} (includes GST of ${rupees(gstIncluded(amountPaise))})`,
    `Paid on: ${day(paidAt)}`,
    `Payment id: ${paymentId}`,
    '',
    item.when,
    '',
    'Streamly',
  ].join('\n');
  return { to, subject: `Your Streamly receipt: ${rupees(amountPaise)}`, text };
};
