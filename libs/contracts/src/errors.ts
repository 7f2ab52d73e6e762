import { z } from 'zod';
import { ErrorCode } from './error-codes';

/** The body of every HTTP error the gateway answers. */
export const ApiErrorSchema = z.object({
  code: z.enum(ErrorCode),
  message: z.string(),
  correlationId: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
