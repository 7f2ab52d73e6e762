import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { Role } from '@app/contracts';
import { REDIS_CLIENT } from '@app/server-core';
import {
  startServiceUnderTest,
  startSmtpOutbox,
  suiteInfra,
  uniqueSuffix,
  type ServiceUnderTest,
} from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { PasswordHasher } from '../src/passwords/password-hasher';
import { UsersRepository } from '../src/users/users.repository';
import { TEST_SECRETS } from './auth-helpers';

/** A user a test made for itself, with the password it was given (stored argon2id-hashed, as signup does). */
export type TestUser = { id: string; email: string; password: string; username: string; role: Role };

export type NewTestUser = Partial<Pick<TestUser, 'email' | 'password' | 'username' | 'role'>> & {
  googleId?: string;
  profileImage?: string;
  /** As sign-up leaves it (false) unless the test says otherwise. */
  emailVerified?: boolean;
};

/**
 * Factories for the auth-service integration suites (Immich's medium tests are the model): each test makes
 * the rows it needs through the service's real repository and hasher, with unique defaults it may override.
 */
export const authContext = (service: ServiceUnderTest) => {
  const users = service.app.get(UsersRepository);
  const hasher = service.app.get(PasswordHasher);

  /** `<label>-<unique>@example.in`, lower-cased as the service stores emails. */
  const uniqueEmail = (label = 'user') => `${label}-${uniqueSuffix()}@example.in`.toLowerCase();

  /** An active user; a regular one unless `role` says otherwise. */
  const newUser = async (overrides: NewTestUser = {}): Promise<TestUser> => {
    const {
      email = uniqueEmail(),
      password = `password ${uniqueSuffix()}`,
      username = 'Test User',
      role = Role.User,
    } = overrides;
    const stored = await users.create({
      username,
      email: email.toLowerCase(),
      passwordHash: await hasher.hash(password),
      role,
      googleId: overrides.googleId,
      profileImage: overrides.profileImage,
      emailVerified: overrides.emailVerified ?? false,
    });
    // create answers null when the email is taken (duplicate key): a factory must not hand back a shared row.
    if (!stored) throw new Error(`newUser: ${email} is already taken`);
    return {
      id: stored._id.toHexString(),
      email: stored.email,
      password,
      username: stored.username,
      role: stored.role,
    };
  };

  const newAdmin = (overrides: NewTestUser = {}) =>
    newUser({ username: 'Test Admin', ...overrides, role: Role.Admin });

  return { users, uniqueEmail, newUser, newAdmin };
};

export type AuthContext = ReturnType<typeof authContext>;

/**
 * Boots auth-service for one suite: its own database, the run's Redis and NATS, and an SMTP outbox it mails to.
 * `env` adds settings or overrides these (a suite with an SMTP server of its own passes its SMTP_URL).
 */
export const startAuthSuite = async (suite: string, env: Record<string, string> = {}) => {
  const infra = suiteInfra(suite);
  const outbox = await startSmtpOutbox({ dir: mkdtempSync(path.join(tmpdir(), 'outbox-')) });
  const service = await startServiceUnderTest(
    'auth-service',
    AppModule.register(
      envSchema.parse({
        MONGODB_URI: infra.mongoUri,
        MONGODB_DB: infra.mongoDb,
        REDIS_URL: infra.redisUrl,
        SMTP_URL: outbox.url,
        ...TEST_SECRETS,
        ...env,
      }),
    ),
    infra.mongoUri,
  ).catch(async (error: unknown) => {
    await outbox.stop();
    throw error;
  });
  return {
    service,
    ctx: authContext(service),
    redis: service.app.get<Redis>(REDIS_CLIENT),
    outbox,
    async close() {
      await service.close();
      await outbox.stop();
    },
  };
};

export type AuthSuite = Awaited<ReturnType<typeof startAuthSuite>>;
