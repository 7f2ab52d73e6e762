import { Module } from '@nestjs/common';
import { ENV } from '@app/server-core';
import { Env } from '../env';
import { AltchaProvider } from './altcha.provider';
import { CaptchaController } from './captcha.controller';
import { CaptchaProvider } from './captcha.provider';
import { CaptchaStore } from './captcha.store';
import { RecaptchaProvider } from './recaptcha.provider';

@Module({
  controllers: [CaptchaController],
  providers: [
    CaptchaStore,
    {
      provide: CaptchaProvider,
      inject: [ENV, CaptchaStore],
      useFactory: (env: Env, store: CaptchaStore): CaptchaProvider =>
        env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
          ? new RecaptchaProvider({
              siteKey: env.RECAPTCHA_SITE_KEY,
              secretKey: env.RECAPTCHA_SECRET_KEY,
              verifyUrl: env.RECAPTCHA_VERIFY_URL,
            })
          : new AltchaProvider(env.ALTCHA_HMAC_KEY, store),
    },
  ],
  exports: [CaptchaProvider],
})
export class CaptchaModule {}
