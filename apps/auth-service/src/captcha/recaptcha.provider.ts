import { Logger } from '@nestjs/common';
import { z } from 'zod';
import type { CaptchaConfig } from '@app/contracts';
import { fetchJson } from '@app/server-core';
import { CaptchaProvider } from './captcha.provider';

const VERIFY_TIMEOUT_MS = 5_000;
/** The part of siteverify's answer we read. */
const SiteVerifySchema = z.object({ success: z.boolean() });

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
      const { success } = await fetchJson(this.options.verifyUrl, {
        schema: SiteVerifySchema,
        timeoutMs: VERIFY_TIMEOUT_MS,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.options.secretKey, response: token, remoteip: clientIp }),
      });
      return success;
    } catch (error) {
      this.logger.warn({ msg: 'reCAPTCHA verification failed', error: String(error) });
      return false;
    }
  }
}
