import { DynamicModule, Module } from '@nestjs/common';
import { MailOptions, Mailer } from './mailer';

/** `MailModule.forRoot({ smtpUrl, from, outboxDir })` once per app; inject `Mailer` where mail is sent. */
@Module({})
export class MailModule {
  static forRoot(options: MailOptions): DynamicModule {
    return {
      module: MailModule,
      global: true,
      providers: [{ provide: Mailer, useFactory: () => new Mailer(options) }],
      exports: [Mailer],
    };
  }
}
