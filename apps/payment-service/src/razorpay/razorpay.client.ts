import { Injectable, Logger } from '@nestjs/common';
import Razorpay from 'razorpay';
import type { z } from 'zod';
import { ErrorCode, PaymentMessages } from '@app/contracts';
import { AppError, InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import type {
  RazorpayInvoice,
  RazorpayOrder,
  RazorpayPayment,
  RazorpayRefund,
  RazorpaySubscription,
} from './razorpay-entities';
import {
  RazorpayInvoiceSchema,
  RazorpayOrderSchema,
  RazorpayPaymentSchema,
  RazorpayPlanSchema,
  RazorpayRefundSchema,
  RazorpaySubscriptionSchema,
} from './razorpay-entities';
import { isValidOrderSignature, isValidSubscriptionSignature, isValidWebhookSignature } from './signatures';

/** A call Razorpay answered with an error (`statusCode`, `error.description`), as the SDK rejects it. */
export class RazorpayRequestError extends AppError {
  constructor(
    readonly status: number,
    readonly description: string,
    /** The input Razorpay names as the cause (`plan_id`, `amount`, …), when it names one. */
    readonly field: string | null = null,
  ) {
    super(status >= 500 ? ErrorCode.ServiceUnavailable : ErrorCode.Internal, PaymentMessages.processFailed);
    this.name = 'RazorpayRequestError';
  }

  /** Razorpay does not know the id sent (a plan deleted or archived there, or a stand-in that forgot it). */
  get isUnknownId(): boolean {
    return this.status === 400 && /id provided does not exist/i.test(this.description);
  }
}

type SdkError = { statusCode: number; error?: { description?: string; field?: string } };
const isSdkError = (error: unknown): error is SdkError =>
  typeof error === 'object' &&
  error !== null &&
  'statusCode' in error &&
  typeof error.statusCode === 'number';

// The SDK's typings omit its axios instance; `api.rq` is where the base URL and timeout live (TOOLCHAIN.md).
type SdkHttp = { rq: { defaults: { baseURL?: string; timeout?: number } } };

/**
 * The one adapter over the razorpay SDK: every call has a timeout, its answer is parsed by our entity schemas,
 * and failures become AppErrors (a network failure, which the SDK surfaces as a TypeError because it assumes
 * `err.response`, is a 503). Also owns the secrets, so signature checks live here too.
 */
@Injectable()
export class RazorpayClient {
  private readonly logger = new Logger(RazorpayClient.name);
  private readonly sdk: Razorpay;

  constructor(@InjectEnv() private readonly env: Env) {
    this.sdk = new Razorpay({ key_id: env.RAZORPAY_KEY_ID, key_secret: env.RAZORPAY_KEY_SECRET });
    const http = (this.sdk.api as unknown as SdkHttp).rq.defaults;
    http.timeout = env.RAZORPAY_TIMEOUT_MS;
    // The SDK appends `/v1/...` itself: the override is the origin.
    if (env.RAZORPAY_API_URL) http.baseURL = env.RAZORPAY_API_URL.replace(/\/+$/, '').replace(/\/v1$/, '');
  }

  get keyId(): string {
    return this.env.RAZORPAY_KEY_ID;
  }

  /** Test keys, or any non-Razorpay server (the local fake): the web app shows a TEST MODE badge. */
  get testMode(): boolean {
    return this.env.RAZORPAY_KEY_ID.startsWith('rzp_test_') || Boolean(this.env.RAZORPAY_API_URL);
  }

  isValidOrderSignature(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return isValidOrderSignature(this.env.RAZORPAY_KEY_SECRET, input);
  }

  isValidSubscriptionSignature(input: {
    subscriptionId: string;
    paymentId: string;
    signature: string;
  }): boolean {
    return isValidSubscriptionSignature(this.env.RAZORPAY_KEY_SECRET, input);
  }

  isValidWebhookSignature(rawBody: string, signature: string): boolean {
    return isValidWebhookSignature(this.env.RAZORPAY_WEBHOOK_SECRET, rawBody, signature);
  }

  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayOrder> {
    return this.call('orders.create', RazorpayOrderSchema, () =>
      this.sdk.orders.create({
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt,
        notes: input.notes,
      }),
    );
  }

  fetchPayment(paymentId: string): Promise<RazorpayPayment> {
    return this.call('payments.fetch', RazorpayPaymentSchema, () => this.sdk.payments.fetch(paymentId));
  }

  async fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]> {
    const { items } = await this.call(
      'orders.fetchPayments',
      RazorpayPaymentSchema.array().transform((list) => ({ items: list })),
      async () => (await this.sdk.orders.fetchPayments(orderId)).items,
    );
    return items;
  }

  /** A subscription's invoices, oldest first: its first paid one is what its authentication payment paid. */
  async fetchSubscriptionInvoices(subscriptionId: string): Promise<RazorpayInvoice[]> {
    const { items } = await this.call(
      'invoices.all',
      RazorpayInvoiceSchema.array().transform((list) => ({ items: list })),
      async () => (await this.sdk.invoices.all({ subscription_id: subscriptionId, count: 100 })).items,
    );
    return items.sort((a, b) => a.created_at - b.created_at);
  }

  async createPlan(input: { name: string; amountPaise: number; months: number; description: string }) {
    return this.call('plans.create', RazorpayPlanSchema, () =>
      this.sdk.plans.create({
        period: 'monthly',
        interval: input.months,
        item: {
          name: input.name,
          amount: input.amountPaise,
          currency: 'INR',
          description: input.description,
        },
      }),
    );
  }

  createSubscription(input: {
    planId: string;
    totalCount: number;
    startAt?: number;
    /** Razorpay's upfront amount (an add-on): with a future `startAt`, the authentication payment charges it. */
    upfront?: { name: string; amountPaise: number };
    notes: Record<string, string>;
  }): Promise<RazorpaySubscription> {
    return this.call('subscriptions.create', RazorpaySubscriptionSchema, () =>
      this.sdk.subscriptions.create({
        plan_id: input.planId,
        total_count: input.totalCount,
        customer_notify: 1,
        ...(input.startAt === undefined ? {} : { start_at: input.startAt }),
        ...(input.upfront
          ? {
              addons: [
                { item: { name: input.upfront.name, amount: input.upfront.amountPaise, currency: 'INR' } },
              ],
            }
          : {}),
        notes: input.notes,
      }),
    );
  }

  fetchSubscription(subscriptionId: string): Promise<RazorpaySubscription> {
    return this.call('subscriptions.fetch', RazorpaySubscriptionSchema, () =>
      this.sdk.subscriptions.fetch(subscriptionId),
    );
  }

  /** `atCycleEnd` is a boolean on purpose: the SDK treats any truthy value (Razorpay's docs pass an object) as "at cycle end". */
  cancelSubscription(subscriptionId: string, atCycleEnd: boolean): Promise<RazorpaySubscription> {
    return this.call('subscriptions.cancel', RazorpaySubscriptionSchema, () =>
      this.sdk.subscriptions.cancel(subscriptionId, atCycleEnd),
    );
  }

  refundPayment(
    paymentId: string,
    amountPaise: number,
    notes: Record<string, string>,
  ): Promise<RazorpayRefund> {
    return this.call('payments.refund', RazorpayRefundSchema, () =>
      this.sdk.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', notes }),
    );
  }

  private async call<S extends z.ZodType>(
    what: string,
    schema: S,
    run: () => Promise<unknown>,
  ): Promise<z.output<S>> {
    let answer: unknown;
    try {
      answer = await run();
    } catch (error) {
      if (isSdkError(error)) {
        const description = error.error?.description ?? 'no description';
        this.logger.warn({
          msg: 'razorpay refused a call',
          call: what,
          status: error.statusCode,
          description,
        });
        throw new RazorpayRequestError(error.statusCode, description, error.error?.field ?? null);
      }
      // No response at all (refused, reset, timed out): the SDK's normalizeError trips over it with a TypeError.
      this.logger.error({
        msg: 'razorpay unreachable',
        call: what,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new AppError(ErrorCode.ServiceUnavailable, PaymentMessages.processFailed);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
      this.logger.error({
        msg: 'razorpay answer not understood',
        call: what,
        issues: parsed.error.issues.slice(0, 5),
      });
      throw new AppError(ErrorCode.ServiceUnavailable, PaymentMessages.processFailed);
    }
    return parsed.data;
  }
}
