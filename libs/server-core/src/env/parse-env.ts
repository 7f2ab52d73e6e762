import { z } from 'zod';
import type { ServiceName } from '@app/contracts';
import { ServiceDefaults } from '@app/contracts';
import { admissionEnvShape, SERVICE_ADMISSION_DEFAULTS } from '../admission/admission-env';
import { natsEnvShape } from '../rpc/nats';

export class EnvValidationError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvValidationError';
  }
}

/** Parses the environment once at boot; every bad key is named in one error. */
export const parseEnv = <S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<S> => {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvValidationError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
};

const port = z.coerce.number().int().min(0).max(65_535);

export const LogLevels = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LogLevels)[number];

/** Keys every service reads, defaulted from the service's row of `ServiceDefaults`; each service extends this with its own. */
export const serviceEnvSchema = (service: ServiceName) => {
  const defaults = ServiceDefaults[service];
  return z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(LogLevels).default('info'),
    MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI'),
    MONGODB_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default(defaults.db),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
    /** Bind address of the HTTP listener (health, metrics; video for streaming-service). */
    HTTP_HOST: z.string().default('0.0.0.0'),
    HTTP_PORT: port.default(defaults.httpPort),
    // Requests from the gateway arrive over NATS; a service listens on no RPC port of its own.
    ...natsEnvShape,
    // Admission control of the RPCs it takes (issue 29 §2).
    ...admissionEnvShape(SERVICE_ADMISSION_DEFAULTS),
  });
};

export type ServiceEnv = z.infer<ReturnType<typeof serviceEnvSchema>>;
