import { Global, Module } from '@nestjs/common';
import { ENV } from '../env/env.module';
import { MailEnv } from './mail-env';
import { Mailer } from './mailer';

/** Import once per app whose env schema spreads `mailEnvShape`; inject `Mailer` where mail is sent. */
@Global()
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [ENV],
      useFactory: (env: MailEnv) =>
        new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
    },
  ],
  exports: [Mailer],
})
export class MailModule {}
