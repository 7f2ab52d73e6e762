import { z } from 'zod';

/** Environment keys of every app that sends mail; spread into the app's env schema. */
export const mailEnvShape = {
  /** smtp://host:port (or smtps://user:pass@host:port); without it (development only) mail is written to OUTBOX_DIR. */
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Streamly <no-reply@streamly.in>'),
  OUTBOX_DIR: z.string().default('.data/outbox'),
};
export type MailEnv = z.infer<z.ZodObject<typeof mailEnvShape>>;

/** In production mail must really be sent: refuse to boot without SMTP. */
export const requireSmtpInProduction = (
  env: { NODE_ENV: string; SMTP_URL?: string },
  ctx: z.RefinementCtx,
) => {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'is required in production (mail must really be sent)',
    });
  }
};
