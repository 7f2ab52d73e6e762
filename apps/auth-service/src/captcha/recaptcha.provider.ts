import { Logger } from '@nestjs/common';
import { CaptchaConfig } from '@app/contracts';
import { CaptchaProvider } from './captcha.provider';

const VERIFY_TIMEOUT_MS = 5_000;

/** Google reCAPTCHA v2, verified server-side against `siteverify` (URL configurable for tests). */
export class RecaptchaProvider extends CaptchaProvider {
  private readonly logger = new Logger(RecaptchaProvider.name);

  constructor(private readonly options: { siteKey: string; secretKey: string; verifyUrl: string }) {
    super();
  }

  config(): CaptchaConfig {
    return { provider: 'recaptcha', siteKey: this.options.siteKey };
  }

  challenge(): Promise<null> {
    return Promise.resolve(null);
  }

  async verify(token: string, clientIp: string): Promise<boolean> {
    try {
      const response = await fetch(this.options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.options.secretKey, response: token, remoteip: clientIp }),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      const body = (await response.json()) as { success?: unknown };
      return response.ok && body.success === true;
    } catch (error) {
      this.logger.warn({ msg: 'reCAPTCHA verification failed', error: String(error) });
      return false;
    }
  }
}
