import { Injectable } from '@nestjs/common';
import { ReminderLanguage } from '@app/contracts';
import type { SessionUser, UiLanguage } from '@app/contracts';
import { AuthClient } from '../auth/auth.client';
import { ScheduleClient } from './schedule.client';

/** The mail's language: the profile's interface language where mails are written in it, else English. */
const mailLanguage = (language: UiLanguage | undefined): ReminderLanguage =>
  language === ReminderLanguage.Hindi ? ReminderLanguage.Hindi : ReminderLanguage.English;

/**
 * "Remind me" (issue 28), per profile: each profile keeps its own list (DECISIONS 36) and has its own interface
 * language, which the mail is written in. Only a title coming soon may be asked for (catalogue-service says so,
 * within the profile's ceiling); the address is the account's and the language the profile's, both read on the
 * server, never taken from the client.
 */
@Injectable()
export class RemindersService {
  constructor(
    private readonly schedule: ScheduleClient,
    private readonly auth: AuthClient,
  ) {}

  list(caller: SessionUser) {
    return this.schedule.reminders(caller.id);
  }

  async remind(caller: SessionUser, titleId: string) {
    const title = await this.schedule.comingSoonTitle(titleId);
    const { profiles, currentProfileId } = await this.auth.listProfiles(caller);
    const profile = profiles.find(({ id }) => id === currentProfileId);
    return this.schedule.remind({
      userId: caller.id,
      title,
      email: caller.email,
      language: mailLanguage(profile?.uiLanguage),
    });
  }

  forget(caller: SessionUser, titleId: string) {
    return this.schedule.forget(caller.id, titleId);
  }
}
