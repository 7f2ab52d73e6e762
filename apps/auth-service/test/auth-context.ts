import { Role } from '@app/contracts';
import { uniqueSuffix, type ServiceUnderTest } from '@app/server-testing';
import { PasswordHasher } from '../src/passwords/password-hasher';
import { UsersRepository } from '../src/users/users.repository';

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
