import { mailEnvShape, outboxEnvShape, requireSmtpInProduction, serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';
import { GATEWAY_DEFAULT_PORT } from '@app/contracts';

export const envSchema = serviceEnvSchema('user-data-service')
  .extend({
    /** Where contact-form messages are mailed. */
    SUPPORT_EMAIL: z.email().default('support@streamly.in'),
    /** Where browsers reach the product (the gateway's PUBLIC_URL): reminder mails link to the title's page there. */
    PUBLIC_URL: z.url().default(`http://localhost:${GATEWAY_DEFAULT_PORT}`),
    ...mailEnvShape,
    ...outboxEnvShape,
  })
  .superRefine(requireSmtpInProduction);
export type Env = z.infer<typeof envSchema>;
