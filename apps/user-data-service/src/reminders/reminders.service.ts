import { Injectable, Logger } from '@nestjs/common';
import type { ComingSoonTitle, ReminderExport, ReminderLanguage, Reminders } from '@app/contracts';
import { InjectEnv, Mailer, viewerOf } from '@app/server-core';
import type { Env } from '../env';
import { reminderMail } from './reminder-mail';
import { RemindersRepository } from './reminders.repository';

/** Where a live title is watched: its page in the web app. */
const linkOf = (publicUrl: string, kind: 'movie' | 'series', titleId: string) =>
  new URL(kind === 'series' ? `/tv-shows/${titleId}` : `/moviedetails/${titleId}`, publicUrl).href;

/**
 * "Remind me" (issue 28), per profile (the request's, `viewerOf`). When a title goes live (`movie.published`,
 * `series.published`, whether by its schedule or by hand) every pending reminder of it is mailed once: each is claimed
 * by a conditional update before its mail, so a redelivered event, or two consumers, mail once.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger(RemindersService.name);

  constructor(
    private readonly reminders: RemindersRepository,
    private readonly mailer: Mailer,
    @InjectEnv() private readonly env: Env,
  ) {}

  async list(userId: string): Promise<Reminders> {
    return { titleIds: await this.reminders.pendingTitlesOf(viewerOf(userId)) };
  }

  async set(
    userId: string,
    title: ComingSoonTitle,
    email: string,
    language: ReminderLanguage,
  ): Promise<Reminders> {
    const viewer = viewerOf(userId);
    await this.reminders.upsert({
      userId,
      profileId: viewer.profileId,
      titleId: title.id,
      kind: title.kind,
      title: title.title,
      email,
      language,
    });
    return this.list(userId);
  }

  async remove(userId: string, titleId: string): Promise<Reminders> {
    await this.reminders.remove(viewerOf(userId), titleId);
    return this.list(userId);
  }

  /** The title went live: mails every profile that asked, in its language; one failed mail is retried on redelivery. */
  async titleLive(titleId: string, title: string, now: Date = new Date()): Promise<number> {
    let sent = 0;
    let failed = 0;
    for (const reminder of await this.reminders.pendingFor(titleId)) {
      if (!(await this.reminders.claim(reminder._id, now))) continue;
      try {
        await this.mailer.send(
          reminderMail(reminder.language, {
            to: reminder.email,
            title,
            kind: reminder.kind,
            link: linkOf(this.env.PUBLIC_URL, reminder.kind, titleId),
          }),
        );
        sent += 1;
      } catch (error) {
        failed += 1;
        await this.reminders.release(reminder._id);
        this.logger.error({
          msg: 'reminder not sent',
          titleId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (sent > 0) this.logger.log({ msg: 'reminders sent', titleId, sent });
    // Thrown so the event is delivered again: the claims given back are mailed then.
    if (failed > 0) throw new Error(`${failed} reminder mail(s) of ${titleId} not sent`);
    return sent;
  }

  /** "Download my data": every profile's reminders. */
  async exportOf(userId: string): Promise<ReminderExport[]> {
    return (await this.reminders.ofUser(userId)).map((reminder) => ({
      profileId: reminder.profileId,
      titleId: reminder.titleId,
      kind: reminder.kind,
      title: reminder.title,
      email: reminder.email,
      language: reminder.language,
      askedAt: reminder.createdAt.toISOString(),
      sentAt: reminder.sentAt?.toISOString() ?? null,
    }));
  }

  /** `user.updated`: a reminder not yet mailed goes to the account's current address. Idempotent. */
  followEmail(userId: string, email: string) {
    return this.reminders.updateEmail(userId, email);
  }

  forgetUser(userId: string) {
    return this.reminders.forgetUser(userId);
  }

  forgetProfile(profile: { userId: string; profileId: string }) {
    return this.reminders.forgetProfile(profile);
  }
}
