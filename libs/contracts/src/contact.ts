import { z } from 'zod';
import { rpc } from './rpc';

const field = (max: number) => z.string().trim().min(1, 'is required').max(max);

/** SPEC 2 "Contact": every field is required. */
export const ContactMessageSchema = z
  .object({
    firstName: field(80),
    lastName: field(80),
    email: z.string().trim().max(254).pipe(z.email('must be a valid email address')),
    companyName: field(120),
    serviceInterested: field(120),
    message: field(5000),
  })
  .strict();
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/**
 * `POST /api/contact`: the message and the captcha solved for it (`recaptchaToken`, as login sends it; issue 14,
 * finding 11). The gateway has the captcha verified and forwards the message alone.
 */
export const ContactRequestSchema = ContactMessageSchema.extend({
  recaptchaToken: z.string().max(8192).optional(),
}).strict();
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** The HTTP answer SPEC wants; the gateway adds it to the service's reply. */
export const ContactReceiptSchema = z.object({ success: z.literal(true), message: z.string() });
/**
 * A stored message as "Download my data" lists it (DECISIONS 32): the messages sent from the account's verified
 * email. `sentAt` is null for messages stored before it was recorded.
 */
export const ContactMessageExportSchema = z.object({
  id: z.string(),
  sentAt: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string(),
  serviceInterested: z.string(),
  message: z.string(),
});
export type ContactMessageExport = z.infer<typeof ContactMessageExportSchema>;

/** What user-data-service answers: the stored message's id. */
export const ContactStoredSchema = z.object({ id: z.string() });
export type ContactStored = z.infer<typeof ContactStoredSchema>;
export type ContactReceipt = z.infer<typeof ContactReceiptSchema>;

export const ContactPatterns = { submit: 'userdata.contact.submit' } as const;

/** SPEC 8 "Contact". */
export const CONTACT_SENT_MESSAGE = 'Message sent successfully!';

export const ContactRpc = {
  submit: rpc(ContactPatterns.submit, ContactMessageSchema, ContactStoredSchema),
} as const;
