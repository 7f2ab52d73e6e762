import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '@app/contracts';
import { checkFields } from '@web/shared/ui/form-check';
import { authStrings } from './strings';

// The browser's own rule for type="email" (WHATWG), so the inline message agrees with what it accepts.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

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

// The auth forms' checks (useFormFields): values as typed in, the request's fields out.

export type LoginValues = { email: string; password: string };
export const checkLogin = ({ email, password }: LoginValues) =>
  checkFields({ email: emailError(email), password: requiredError(password, authStrings.password) }, () => ({
    email: email.trim(),
    password,
  }));

export type SignupValues = { username: string; email: string; password: string };
export const checkSignup = ({ username, email, password }: SignupValues) =>
  checkFields(
    { username: usernameError(username), email: emailError(email), password: newPasswordError(password) },
    () => ({ username: username.trim(), email: email.trim(), password }),
  );

export type SetPasswordValues = { newPassword: string; confirmPassword: string };
export const checkSetPassword = ({ newPassword, confirmPassword }: SetPasswordValues) =>
  checkFields(
    {
      newPassword: newPasswordError(newPassword, authStrings.setPassword.newPassword),
      confirmPassword: confirmPassword === newPassword ? undefined : authStrings.setPassword.mismatch,
    },
    () => ({ newPassword }),
  );

/** Forgot password, a step at a time: each step checks its own field and sends what the steps so far gathered. */
export type ForgotValues = { email: string; otp: string; newPassword: string };
export const checkForgotEmail = ({ email }: ForgotValues) =>
  checkFields({ email: emailError(email) }, () => ({ email: email.trim() }));
export const checkForgotOtp = ({ email, otp }: ForgotValues) =>
  checkFields({ otp: requiredError(otp.trim(), authStrings.forgot.otp) }, () => ({
    email: email.trim(),
    otp: otp.trim(),
  }));
export const checkForgotPassword = ({ email, otp, newPassword }: ForgotValues) =>
  checkFields({ newPassword: newPasswordError(newPassword, authStrings.forgot.newPassword) }, () => ({
    email: email.trim(),
    otp: otp.trim(),
    newPassword,
  }));
