import type { CaptchaChallenge, CaptchaConfig } from '@app/contracts';

/** One captcha behind the login forms (DECISIONS 19): ALTCHA by default, reCAPTCHA v2 when configured. */
export abstract class CaptchaProvider {
  /** What the web app needs to render the widget. */
  abstract config(): CaptchaConfig;
  /** A new challenge for the widget (ALTCHA only). */
  abstract challenge(): Promise<CaptchaChallenge>;
  /** True only for a valid, unused solution. */
  abstract verify(token: string, clientIp: string): Promise<boolean>;
}
