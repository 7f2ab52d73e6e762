import { BillingProfilesRepository } from '../billing/billing-profiles.repository';
import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { PaymentsExport } from '@app/contracts';
import { toAdminOrder, toAdminPayment, toAdminSubscription } from '../admin/admin.mapper';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { GrantsRepository } from '../entitlements/grants.repository';
import { InvoicesRepository } from '../invoices/invoices.repository';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { PromosRepository } from '../promos/promos.repository';
import { type PersonOnRecord, SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { WebhookEventsRepository } from '../webhooks/webhook-events.repository';

/** Prefix of the id that replaces a deleted account's on the records the law keeps. */
export const DELETED_USER_PREFIX = 'deleted:';

/** The viewer's data rights on the money side (DECISIONS 32): their records to download, and forgetting them. */
@Injectable()
export class UserDataService {
  private readonly logger = new Logger(UserDataService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly grants: GrantsRepository,
    private readonly webhookEvents: WebhookEventsRepository,
    private readonly invoices: InvoicesRepository,
    private readonly promos: PromosRepository,
    private readonly subscriptionsService: SubscriptionsService,
    private readonly entitlements: EntitlementsService,
    private readonly billingProfiles: BillingProfilesRepository,
  ) {}

  /** "Download my data": the viewer's own rows in the admin console's shapes, and their titles. */
  async exportOf(userId: string): Promise<PaymentsExport> {
    const [subscriptions, orders, payments, titles] = await Promise.all([
      this.subscriptions.ofUser(userId),
      this.orders.ofUser(userId),
      this.payments.ofUser(userId),
      this.entitlements.ownedTitles(userId),
    ]);
    return {
      subscriptions: subscriptions.map(toAdminSubscription),
      orders: orders.map(toAdminOrder),
      payments: payments.map((payment) => toAdminPayment(payment)),
      titles,
    };
  }

  /**
   * user.updated: the payer's email, name and language on their orders and plans follow the account, so renewal
   * receipts reach the current address in the account's language and the admin console finds the payer by it.
   * Idempotent.
   */
  async updatePerson(userId: string, person: PersonOnRecord): Promise<void> {
    await this.orders.updatePerson(userId, person);
    await this.subscriptions.updatePerson(userId, person);
  }

  /**
   * user.deleted: renewals stop at their cycle end first (while the subscriptions are still found by the user),
   * then every record the law keeps (tax invoices and credit notes too) loses the email and name and points at a fresh marker instead of the user: it
   * groups one person's records and names nobody. Each step is idempotent; a redelivery finds nothing left.
   * Not covered (no transactions): a webhook or reconciler run in flight that read the record before this sweep
   * and writes after it can leave the bare user id (never the email or name) on a webhook event or a grant.
   */
  async forget(userId: string): Promise<void> {
    await this.subscriptionsService.stopRenewals(userId);
    const marker = `${DELETED_USER_PREFIX}${randomUUID()}`;
    await this.subscriptions.forgetPerson(userId, marker);
    await this.orders.forgetPerson(userId, marker);
    await this.payments.forgetPerson(userId, marker);
    await this.grants.forgetPerson(userId, marker);
    await this.webhookEvents.forgetPerson(userId, marker);
    await this.invoices.forgetPerson(userId, marker);
    await this.promos.forgetPerson(userId, marker);
    // The billing state and GSTIN are the viewer's details, not a record the law keeps: they go.
    await this.billingProfiles.forget(userId);
    this.logger.log({ msg: 'payment records of a deleted user anonymised' });
  }
}
