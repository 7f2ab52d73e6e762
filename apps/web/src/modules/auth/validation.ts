import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '@app/contracts';
import type { TFunction } from 'i18next';
import { checkFields } from '@web/shared/ui/form-check';

/** The auth texts in the language shown: the forms pass their `useTranslation('auth')`'s `t`. */
type AuthT = TFunction<'auth'>;

// The browser's own rule for type="email" (WHATWG), so the inline message agrees with what it accepts.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

const emailError = (t: AuthT, email: string): string | undefined => {
  if (!email.trim()) return t('required', { field: t('email') });
  return EMAIL_PATTERN.test(email.trim()) ? undefined : t('invalidEmail');
};

const requiredError = (t: AuthT, value: string, field: string): string | undefined =>
  value ? undefined : t('required', { field });

/** The server's rule (8–128); the form checks the lower bound so the answer comes before a round trip. */
const newPasswordError = (t: AuthT, password: string, field: string = t('password')): string | undefined => {
  if (!password) return t('required', { field });
  return password.length < PASSWORD_MIN_LENGTH
    ? t('passwordTooShort', { min: PASSWORD_MIN_LENGTH })
    : undefined;
};

const usernameError = (t: AuthT, username: string): string | undefined => {
  if (!username.trim()) return t('required', { field: t('username') });
  return username.trim().length < USERNAME_MIN_LENGTH
    ? t('usernameTooShort', { min: USERNAME_MIN_LENGTH })
    : undefined;
};

// The auth forms' checks (useFormFields), given the texts' `t`: values as typed in, the request's fields out.

export type LoginValues = { email: string; password: string };
export const checkLogin =
  (t: AuthT) =>
  ({ email, password }: LoginValues) =>
    checkFields({ email: emailError(t, email), password: requiredError(t, password, t('password')) }, () => ({
      email: email.trim(),
      password,
    }));

export type SignupValues = { username: string; email: string; password: string };
export const checkSignup =
  (t: AuthT) =>
  ({ username, email, password }: SignupValues) =>
    checkFields(
      {
        username: usernameError(t, username),
        email: emailError(t, email),
        password: newPasswordError(t, password),
      },
      () => ({ username: username.trim(), email: email.trim(), password }),
    );

export type SetPasswordValues = { newPassword: string; confirmPassword: string };
export const checkSetPassword =
  (t: AuthT) =>
  ({ newPassword, confirmPassword }: SetPasswordValues) =>
    checkFields(
      {
        newPassword: newPasswordError(t, newPassword, t('setPassword.newPassword')),
        confirmPassword: confirmPassword === newPassword ? undefined : t('setPassword.mismatch'),
      },
      () => ({ newPassword }),
    );

/** Forgot password, a step at a time: each step checks its own field and sends what the steps so far gathered. */
export type ForgotValues = { email: string; otp: string; newPassword: string };
export const checkForgotEmail =
  (t: AuthT) =>
  ({ email }: ForgotValues) =>
    checkFields({ email: emailError(t, email) }, () => ({ email: email.trim() }));
export const checkForgotOtp =
  (t: AuthT) =>
  ({ email, otp }: ForgotValues) =>
    checkFields({ otp: requiredError(t, otp.trim(), t('forgot.otp')) }, () => ({
      email: email.trim(),
      otp: otp.trim(),
    }));
export const checkForgotPassword =
  (t: AuthT) =>
  ({ email, otp, newPassword }: ForgotValues) =>
    checkFields({ newPassword: newPasswordError(t, newPassword, t('forgot.newPassword')) }, () => ({
      email: email.trim(),
      otp: otp.trim(),
      newPassword,
    }));
