import { UiLanguage } from '@app/contracts';
import { mailDay } from '@app/server-core';
import type { OutgoingMail } from '@app/server-core';
import { gstIncluded } from '../invoices/gst';

export type ReceiptFacts = {
  to: string;
  name: string | null;
  /** Issue 26: the account's language (English when the record has none). */
  language?: UiLanguage;
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

type Item = { line: string; when: string };
type What = ReceiptFacts['what'];

/** What a receipt says, in each language receipts are written in (issue 26: the account's). */
type ReceiptWords = {
  purchase: (what: Extract<What, { kind: 'purchase' }>) => Item;
  rental: (what: Extract<What, { kind: 'rental' }>) => Item;
  subscription: (what: Extract<What, { kind: 'subscription' }>) => Item;
  greeting: (name: string | null) => string;
  thanks: string;
  listPrice: (amount: string) => string;
  promo: (code: string, amount: string) => string;
  paid: (amount: string, gst: string) => string;
  paidOn: (day: string) => string;
  paymentId: (id: string) => string;
  invoice: (number: string) => string;
  duplicateRefund: Record<What['kind'], string>;
  subject: (amount: string, refunded: boolean) => string;
};

const renews = (language: UiLanguage, what: Extract<What, { kind: 'subscription' }>) =>
  what.periodStart && what.periodEnd
    ? { start: mailDay(what.periodStart, language), end: mailDay(what.periodEnd, language) }
    : null;

/** A second payment for a title already bought or rented: the first one's title stays. */
const TITLE_REFUNDED: Record<UiLanguage, string> = {
  en: 'You had already paid for this title, so this second payment is being refunded in full, automatically. The money reaches your account within 5-7 working days; you keep the title from your first payment.',
  hi: 'आप इस टाइटल के लिए पहले ही भुगतान कर चुके थे, इसलिए इस दूसरे भुगतान की पूरी राशि अपने-आप लौटाई जा रही है। पैसा 5-7 कार्यदिवसों में आपके खाते में पहुँच जाएगा; पहले भुगतान से टाइटल आपका बना रहेगा।',
};

const WORDS: Record<UiLanguage, ReceiptWords> = {
  en: {
    purchase: ({ title }) => ({
      line: `Purchase: ${title}`,
      when: 'Yours to watch for as long as Streamly runs.',
    }),
    rental: ({ title, startBy }) => ({
      line: `Rental: ${title}`,
      when: `Start watching by ${mailDay(startBy)}; once you press play you have 48 hours.`,
    }),
    subscription: (what) => {
      const period = renews('en', what);
      return {
        line: `${what.renewal ? 'Renewal' : 'Subscription'}: ${what.planName} plan`,
        when: period
          ? `Period: ${period.start} to ${period.end}. It renews automatically; cancel any time from your profile.`
          : 'It renews automatically; cancel any time from your profile.',
      };
    },
    greeting: (name) => `Hello ${name ?? 'there'},`,
    thanks: 'Thank you for your payment. Your receipt:',
    listPrice: (amount) => `List price: ${amount}`,
    promo: (code, amount) => `Promo code ${code}: -${amount}`,
    paid: (amount, gst) => `Amount paid: ${amount} (includes GST of ${gst})`,
    paidOn: (day) => `Paid on: ${day}`,
    paymentId: (id) => `Payment id: ${id}`,
    invoice: (number) => `Tax invoice: ${number} (attached)`,
    duplicateRefund: {
      subscription:
        'You already had a Streamly plan, so this second subscription was cancelled at once and this payment is being refunded in full, automatically. The money reaches your account within 5-7 working days; your plan carries on as before.',
      purchase: TITLE_REFUNDED.en,
      rental: TITLE_REFUNDED.en,
    },
    subject: (amount, refunded) => `Your Streamly receipt: ${amount}${refunded ? ' (refunded)' : ''}`,
  },
  hi: {
    purchase: ({ title }) => ({
      line: `ख़रीद: ${title}`,
      when: 'जब तक Streamly चलता है, आप इसे देख सकते हैं।',
    }),
    rental: ({ title, startBy }) => ({
      line: `किराया: ${title}`,
      when: `${mailDay(startBy, 'hi')} तक देखना शुरू करें; प्ले दबाने के बाद आपके पास 48 घंटे हैं।`,
    }),
    subscription: (what) => {
      const period = renews('hi', what);
      return {
        line: `${what.renewal ? 'नवीनीकरण' : 'सदस्यता'}: ${what.planName} प्लान`,
        when: period
          ? `अवधि: ${period.start} से ${period.end} तक। यह अपने-आप नवीनीकृत होता है; अपनी प्रोफ़ाइल से कभी भी रद्द करें।`
          : 'यह अपने-आप नवीनीकृत होता है; अपनी प्रोफ़ाइल से कभी भी रद्द करें।',
      };
    },
    greeting: (name) => (name ? `नमस्ते ${name},` : 'नमस्ते,'),
    thanks: 'आपके भुगतान के लिए धन्यवाद। आपकी रसीद:',
    listPrice: (amount) => `सूची मूल्य: ${amount}`,
    promo: (code, amount) => `प्रोमो कोड ${code}: -${amount}`,
    paid: (amount, gst) => `भुगतान की गई राशि: ${amount} (${gst} GST सहित)`,
    paidOn: (day) => `भुगतान की तारीख़: ${day}`,
    paymentId: (id) => `भुगतान आईडी: ${id}`,
    invoice: (number) => `टैक्स इनवॉइस: ${number} (संलग्न)`,
    duplicateRefund: {
      subscription:
        'आपके पास पहले से Streamly प्लान था, इसलिए यह दूसरी सदस्यता तुरंत रद्द कर दी गई और इस भुगतान की पूरी राशि अपने-आप लौटाई जा रही है। पैसा 5-7 कार्यदिवसों में आपके खाते में पहुँच जाएगा; आपका प्लान पहले की तरह चलता रहेगा।',
      purchase: TITLE_REFUNDED.hi,
      rental: TITLE_REFUNDED.hi,
    },
    subject: (amount, refunded) => `आपकी Streamly रसीद: ${amount}${refunded ? ' (लौटाई गई)' : ''}`,
  },
};

/** What a duplicate's receipt says instead of what the payment gives (it gives nothing: it is refunded). */
export const duplicateRefundNote = (kind: What['kind'], language: UiLanguage = UiLanguage.English): string =>
  WORDS[language].duplicateRefund[kind];

const itemOf = (words: ReceiptWords, what: What): Item => {
  switch (what.kind) {
    case 'purchase':
      return words.purchase(what);
    case 'rental':
      return words.rental(what);
    case 'subscription':
      return words.subscription(what);
  }
};

/**
 * The receipt mail of one payment, in the account's language: amount in ₹ (GST included, and how much of it),
 * what it bought, for when.
 */
export const receiptMail = ({
  to,
  name,
  language = UiLanguage.English,
  paymentId,
  amountPaise,
  paidAt,
  refundedAsDuplicate = false,
  invoice,
  discount,
  what,
}: ReceiptFacts): OutgoingMail => {
  const words = WORDS[language];
  const item = itemOf(words, what);
  const text = [
    words.greeting(name),
    '',
    words.thanks,
    '',
    item.line,
    ...(discount
      ? [
          words.listPrice(rupees(discount.listPricePaise)),
          words.promo(discount.code, rupees(discount.discountPaise)),
        ]
      : []),
    words.paid(rupees(amountPaise), rupees(gstIncluded(amountPaise))),
    words.paidOn(mailDay(paidAt, language)),
    words.paymentId(paymentId),
    ...(invoice ? [words.invoice(invoice.number)] : []),
    '',
    refundedAsDuplicate ? duplicateRefundNote(what.kind, language) : item.when,
    '',
    'Streamly',
  ].join('\n');
  const subject = words.subject(rupees(amountPaise), refundedAsDuplicate);
  const attachments = invoice
    ? [{ filename: invoiceFileName(invoice.number), content: invoice.pdf, contentType: 'application/pdf' }]
    : undefined;
  return { to, subject, text, ...(attachments ? { attachments } : {}) };
};
