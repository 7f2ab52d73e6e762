import type { OutgoingMail } from '@app/server-core';
import { gstIncluded } from '../invoices/gst';

export type ReceiptFacts = {
  to: string;
  name: string | null;
  paymentId: string;
  amountPaise: number;
  paidAt: Date;
  /** A second payment for what the payer already had (issue 22): refunded by itself, and the mail says so. */
  refundedAsDuplicate?: boolean;
  /** The payment's GST tax invoice, attached as a PDF (issue 27). */
  invoice?: { number: string; pdf: Buffer };
  /** A promo code's discount on the list price (issue 27): `amountPaise` is what was paid after it. */
  discount?: { code: string; listPricePaise: number; discountPaise: number } | null;
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

/** `SL/26-27/0000123` → `SL-26-27-0000123.pdf`. */
export const invoiceFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;

export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (date: Date) =>
  date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The receipt mail of one payment: amount in ₹ (GST included, and how much of it), what it bought, for when. */
/** What a duplicate's receipt says instead of what the payment gives (it gives nothing: it is refunded). */
export const duplicateRefundNote = (kind: ReceiptFacts['what']['kind']): string =>
  kind === 'subscription'
    ? 'You already had a Streamly plan, so this second subscription was cancelled at once and this payment is being refunded in full, automatically. The money reaches your account within 5-7 working days; your plan carries on as before.'
    : 'You had already paid for this title, so this second payment is being refunded in full, automatically. The money reaches your account within 5-7 working days; you keep the title from your first payment.';

export const receiptMail = ({
  to,
  name,
  paymentId,
  amountPaise,
  paidAt,
  refundedAsDuplicate = false,
  invoice,
  discount,
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
    ...(discount
      ? [
          `List price: ${rupees(discount.listPricePaise)}`,
          `Promo code ${discount.code}: -${rupees(discount.discountPaise)}`,
        ]
      : []),
    `Amount paid: ${rupees(amountPaise)} (includes GST of ${rupees(gstIncluded(amountPaise))})`,
    `Paid on: ${day(paidAt)}`,
    `Payment id: ${paymentId}`,
    ...(invoice ? [`Tax invoice: ${invoice.number} (attached)`] : []),
    '',
    refundedAsDuplicate ? duplicateRefundNote(what.kind) : item.when,
    '',
    'Streamly',
  ].join('\n');
  const subject = `Your Streamly receipt: ${rupees(amountPaise)}${refundedAsDuplicate ? ' (refunded)' : ''}`;
  const attachments = invoice
    ? [{ filename: invoiceFileName(invoice.number), content: invoice.pdf, contentType: 'application/pdf' }]
    : undefined;
  return { to, subject, text, ...(attachments ? { attachments } : {}) };
};
