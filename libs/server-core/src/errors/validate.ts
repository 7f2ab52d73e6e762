import type { z } from 'zod';
import { ErrorCode } from '@app/contracts';
import { AppError } from './app-error';

/** Parses input with a contract schema; failures become a 400 naming each bad field. */
export const validate = <S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join('.') || '(root)',
    message: issue.message,
  }));
  throw new AppError(
    ErrorCode.ValidationFailed,
    `Invalid ${what}: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`,
    details,
  );
};
