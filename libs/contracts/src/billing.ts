import { z } from 'zod';
import { AppliedPromoSchema } from './promo-code';
import { objectId } from './common';
import { PlanIdSchema } from './payments';
import { query, rpc } from './rpc';

// GST tax invoices, credit notes and the billing history (issue 27, DECISIONS 39). Money here is in paise (integers),
// as the invoice states it to the paisa.

const isoDate = z.iso.datetime({ offset: true });
const UserIdSchema = objectId('must be a user id');

/** GST state codes (the first two digits of a GSTIN); 25 was merged into 26 in 2020, 28 is Andhra Pradesh's old one. */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const;
export type GstStateCode = keyof typeof GST_STATES;
export const GstStateCodeSchema = z.enum(Object.keys(GST_STATES) as [GstStateCode, ...GstStateCode[]]);

/**
 * SAC 998433, "On-line video content" (CBIC's Scheme of Classification of Services, heading 9984 "On-line content
 * services"; DECISIONS 39).
 */
export const ONLINE_VIDEO_SAC = '998433';

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, `Z`, check character. */
const GSTIN_FORMAT = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (GSTN's mod-36 scheme): each character's value in
 * 0-9A-Z, times 1 and 2 alternately, its quotient and remainder by 36 summed; the check is (36 - sum mod 36) mod 36.
 */
export const gstinCheckCharacter = (first14: string): string => {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_CHARS.indexOf(first14[index] ?? '') * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] ?? '';
};

/** A GSTIN in its format, of a known state, whose check character is right. */
export const isValidGstin = (gstin: string): boolean => {
  const match = GSTIN_FORMAT.exec(gstin);
  if (!match?.[1] || !(match[1] in GST_STATES)) return false;
  return gstinCheckCharacter(gstin) === gstin[14];
};

export const GstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidGstin, 'must be a valid GSTIN (15 characters, check character included)');

// ── Invoices and credit notes ─────────────────────────────────────────────────────────────────────────────────

export const TaxDocumentType = { Invoice: 'invoice', CreditNote: 'credit-note' } as const;
export type TaxDocumentType = (typeof TaxDocumentType)[keyof typeof TaxDocumentType];

const GstStateSchema = z.object({ code: GstStateCodeSchema, name: z.string() });

/**
 * `GET /api/users/{id}/invoices/{invoiceId}`: a tax invoice (CGST Rules, rule 46) or a credit note (rule 53) as
 * issued; never changed afterwards. Amounts in paise: taxable + cgst + sgst + igst = total.
 */
export const TaxDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(TaxDocumentType),
  /** `SL/26-27/0000123` (invoices) or `CN/26-27/0000001` (credit notes): consecutive per financial year. */
  number: z.string().max(16),
  date: isoDate,
  /** April to March, `2026-27`. */
  financialYear: z.string(),
  /** A credit note's invoice. */
  against: z.object({ id: z.string(), number: z.string(), date: isoDate }).nullable(),
  paymentId: z.string(),
  supplier: z.object({ name: z.string(), address: z.string(), gstin: z.string(), state: GstStateSchema }),
  recipient: z.object({
    /** "Deleted account" once the account is deleted (DECISIONS 32; see invoices.repository.ts `forgetPerson`). */
    name: z.string(),
    /** Null once the account is deleted. */
    email: z.string().nullable(),
    gstin: z.string().nullable(),
    state: GstStateSchema,
    /** No billing state on record yet: the supplier's state was taken (place of supply then is the supplier's). */
    stateAssumed: z.boolean(),
  }),
  placeOfSupply: GstStateSchema,
  description: z.string(),
  sac: z.string(),
  reverseCharge: z.literal(false),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
  /**
   * A promo code's discount (issue 27): the list price, GST-inclusive, less the discount is `totalPaise`, from which
   * the taxable value is computed. Null without one.
   */
  discount: AppliedPromoSchema.nullable(),
});
export type TaxDocument = z.infer<typeof TaxDocumentSchema>;

/** One line of Profile → Billing; `documentId` is what the invoice routes take (for invoices and credit notes). */
export const BillingEntrySchema = z.object({
  kind: z.enum(['payment', 'refund', TaxDocumentType.Invoice, TaxDocumentType.CreditNote]),
  at: isoDate,
  description: z.string(),
  amountPaise: z.number().int(),
  paymentId: z.string(),
  /** A payment's or refund's state (`captured`, `refunded`, `pending`, …); null for documents. */
  status: z.string().nullable(),
  number: z.string().nullable(),
  documentId: z.string().nullable(),
});
export type BillingEntry = z.infer<typeof BillingEntrySchema>;

/** `GET /api/users/{id}/billing` → `{ data }`: every entry newest first, and the next charge of a live plan. */
export const BillingHistorySchema = z.object({
  entries: z.array(BillingEntrySchema),
  nextCharge: z
    .object({ date: isoDate, planId: PlanIdSchema, planName: z.string(), amountPaise: z.number().int() })
    .nullable(),
});
export type BillingHistory = z.infer<typeof BillingHistorySchema>;

export const InvoiceParamsSchema = z
  .object({ id: UserIdSchema, invoiceId: objectId('must be an invoice id') })
  .strict();
export type InvoiceParams = z.infer<typeof InvoiceParamsSchema>;

export const InvoicePdfSchema = z.object({ fileName: z.string(), base64: z.string() });

/**
 * Issue 27: the billing details on the viewer's tax invoices: their state (place of supply; asked once at the first
 * payment, editable in the profile) and, for a business, its GSTIN (registered in that state). Null until given.
 */
export const BillingProfileSchema = z.object({
  state: GstStateCodeSchema.nullable(),
  gstin: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof BillingProfileSchema>;

export const BillingProfileMessages = {
  gstinOtherState: 'This GSTIN is registered in another state: choose that state, or leave the GSTIN out.',
} as const;

/** `PUT /api/users/{id}/billing-profile`. */
export const UpdateBillingProfileSchema = z
  .object({
    state: GstStateCodeSchema,
    gstin: GstinSchema.nullable().default(null),
  })
  .strict()
  .refine((body) => body.gstin === null || body.gstin.startsWith(body.state), {
    message: BillingProfileMessages.gstinOtherState,
    path: ['gstin'],
  });
export type UpdateBillingProfile = z.infer<typeof UpdateBillingProfileSchema>;

export const BillingPatterns = {
  history: 'payments.billing.history',
  document: 'payments.billing.document',
  pdf: 'payments.billing.pdf',
  profile: 'payments.billing.profile',
  updateProfile: 'payments.billing.profile.update',
} as const;

const DocumentRequestSchema = z.object({ userId: UserIdSchema, documentId: objectId() }).strict();

export const BillingRpc = {
  history: query(BillingPatterns.history, z.object({ userId: UserIdSchema }).strict(), BillingHistorySchema),
  /** The user's own document only: another user's id answers not found. */
  document: query(BillingPatterns.document, DocumentRequestSchema, TaxDocumentSchema),
  /** The document as PDF, base64 (a few kilobytes). */
  pdf: query(BillingPatterns.pdf, DocumentRequestSchema, InvoicePdfSchema),
  profile: query(BillingPatterns.profile, z.object({ userId: UserIdSchema }).strict(), BillingProfileSchema),
  updateProfile: rpc(
    BillingPatterns.updateProfile,
    z.object({ userId: UserIdSchema, profile: UpdateBillingProfileSchema }).strict(),
    BillingProfileSchema,
  ),
} as const;
