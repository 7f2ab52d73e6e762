import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '@app/contracts';
import { authStrings } from './strings';

// The browser's own rule for type="email" (WHATWG), so the inline message agrees with what it accepts.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const emailError = (email: string): string | undefined => {
  if (!email.trim()) return authStrings.required(authStrings.email);
  return EMAIL_PATTERN.test(email.trim()) ? undefined : authStrings.invalidEmail;
};

export const requiredError = (value: string, field: string): string | undefined =>
  value ? undefined : authStrings.required(field);

/** The server's rule (8–128); the form checks the lower bound so the answer comes before a round trip. */
export const newPasswordError = (
  password: string,
  field: string = authStrings.password,
): string | undefined => {
  if (!password) return authStrings.required(field);
  return password.length < PASSWORD_MIN_LENGTH
    ? authStrings.passwordTooShort(PASSWORD_MIN_LENGTH)
    : undefined;
};

export const usernameError = (username: string): string | undefined => {
  if (!username.trim()) return authStrings.required(authStrings.username);
  return username.trim().length < USERNAME_MIN_LENGTH
    ? authStrings.usernameTooShort(USERNAME_MIN_LENGTH)
    : undefined;
};

export const hasErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some(Boolean);
