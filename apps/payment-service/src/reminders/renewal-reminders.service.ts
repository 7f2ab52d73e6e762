import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '@app/server-core';
import { PlansService } from '../plans/plans.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { renewalReminderMail } from './renewal-reminder-mail';
import { RenewalRemindersRepository } from './renewal-reminders.repository';

/** How long before a renewal the reminder goes out (issue 27). */
export const REMINDER_LEAD_DAYS = 3;
const DAY_MS = 24 * 3_600_000;
/** A claim unsent for this long belonged to a process that died: another run may send it. */
const STALE_CLAIM_MS = 10 * 60_000;
/** Subscriptions looked at per run (the scan is by the indexed chargeAt). */
const BATCH = 500;

export type ReminderRun = { due: number; sent: number };

/**
 * Renewal reminders (issue 27): every live subscription charging within REMINDER_LEAD_DAYS gets one mail per cycle.
 * The cycle's key (subscription and charge time) is claimed by a unique insert before the mail is sent, so runs on
 * several replicas, overlapping runs and runs after a restart send it once; a claim whose process died before
 * sending is taken over after STALE_CLAIM_MS, and one whose mail failed is freed for the next run.
 */
@Injectable()
export class RenewalRemindersService {
  private readonly logger = new Logger(RenewalRemindersService.name);

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly reminders: RenewalRemindersRepository,
    private readonly plans: PlansService,
    private readonly mailer: Mailer,
  ) {}

  async run(now = new Date()): Promise<ReminderRun> {
    const due = await this.subscriptions.chargingBetween(
      now,
      new Date(now.getTime() + REMINDER_LEAD_DAYS * DAY_MS),
      BATCH,
    );
    let sent = 0;
    for (const sub of due) {
      const plan = this.plans.find(sub.planId);
      if (!sub.razorpayId || !sub.chargeAt || !sub.email || !plan) continue;
      const key = `${sub.razorpayId}:${sub.chargeAt.toISOString()}`;
      const claimed = await this.reminders.claim(
        { key, subscriptionId: sub.razorpayId, userId: sub.userId, chargeAt: sub.chargeAt },
        now,
        new Date(now.getTime() - STALE_CLAIM_MS),
      );
      if (!claimed) continue;
      try {
        await this.mailer.send(
          renewalReminderMail({
            to: sub.email,
            name: sub.name,
            language: sub.language,
            planName: plan.name,
            amountPaise: plan.priceInr * 100,
            chargeAt: sub.chargeAt,
          }),
        );
      } catch (error) {
        await this.reminders.release(key);
        this.logger.warn({
          msg: 'renewal reminder not sent',
          subscriptionId: sub.razorpayId,
          error: String(error),
        });
        continue;
      }
      await this.reminders.markSent(key, new Date());
      sent++;
    }
    return { due: due.length, sent };
  }
}
