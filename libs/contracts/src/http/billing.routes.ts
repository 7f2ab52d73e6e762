import { z } from 'zod';
import { UserIdParamsSchema } from '../auth';
import {
  BillingHistorySchema,
  BillingProfileMessages,
  BillingProfileSchema,
  InvoiceParamsSchema,
  TaxDocumentSchema,
  UpdateBillingProfileSchema,
} from '../billing';
import { json, kidsRefused, route } from './route';

export const BillingHistoryReply = z.object({ data: BillingHistorySchema });
export const TaxDocumentReply = TaxDocumentSchema;
export const PdfReply = z.string().meta({ description: 'A PDF document' });

const noDocument = 'No invoice or credit note of this id for this user';
/** Issue 25: billing names every title the account bought or rented, whatever its class: not a kids profile's. */

/** Profile → Billing (issue 27): payments, refunds, GST tax invoices and credit notes; admins read any user's. */
export const BillingRoutes = {
  history: route({
    method: 'get',
    path: '/api/users/{id}/billing',
    tag: 'payments',
    access: 'own-or-admin',
    notForKids: 'account',
    summary:
      'Payments, refunds, tax invoices and credit notes, newest first, and the next charge of a live plan → { data }',
    params: UserIdParamsSchema,
    ok: json(200, BillingHistoryReply),
    errors: { 403: kidsRefused('account') },
  }),
  invoice: route({
    method: 'get',
    path: '/api/users/{id}/invoices/{invoiceId}',
    tag: 'payments',
    access: 'own-or-admin',
    notForKids: 'account',
    summary:
      'A GST tax invoice or credit note as issued (number, date, parties, place of supply, SAC, taxable value, CGST/SGST or IGST, total in paise)',
    params: InvoiceParamsSchema,
    ok: json(200, TaxDocumentReply),
    errors: { 403: kidsRefused('account'), 404: noDocument },
  }),
  invoicePdf: route({
    method: 'get',
    path: '/api/users/{id}/invoices/{invoiceId}/pdf',
    tag: 'payments',
    access: 'own-or-admin',
    notForKids: 'account',
    summary: 'The same invoice or credit note as a PDF (attachment)',
    params: InvoiceParamsSchema,
    ok: { status: 200, description: 'The PDF', schema: PdfReply, contentType: 'application/pdf' },
    errors: { 403: kidsRefused('account'), 404: noDocument },
  }),
  profile: route({
    method: 'get',
    path: '/api/users/{id}/billing-profile',
    tag: 'payments',
    access: 'own-or-admin',
    notForKids: 'account',
    summary: 'The billing state and optional GSTIN printed on tax invoices (nulls until given)',
    params: UserIdParamsSchema,
    ok: json(200, BillingProfileSchema),
    errors: { 403: kidsRefused('account') },
  }),
  updateProfile: route({
    method: 'put',
    path: '/api/users/{id}/billing-profile',
    tag: 'payments',
    access: 'own',
    notForKids: 'account',
    summary:
      'Set the billing state (place of supply of later invoices) and optional GSTIN (format and check character; registered in that state)',
    params: UserIdParamsSchema,
    body: UpdateBillingProfileSchema,
    ok: json(200, BillingProfileSchema),
    errors: {
      400: `An unknown state, a GSTIN that fails its format or check character, or: ${BillingProfileMessages.gstinOtherState}`,
      403: kidsRefused('account'),
    },
  }),
} as const;
