import { mailEnvShape, outboxEnvShape, requireSmtpInProduction, serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema('user-data-service')
  .extend({
    /** Where contact-form messages are mailed. */
    SUPPORT_EMAIL: z.email().default('support@streamly.in'),
    ...mailEnvShape,
    ...outboxEnvShape,
  })
  .superRefine(requireSmtpInProduction);
export type Env = z.infer<typeof envSchema>;
