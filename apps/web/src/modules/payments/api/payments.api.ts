import { ENTITLEMENTS_MAX_IDS } from '@app/contracts';
import type {
  ChangePlanRequest,
  CreatePlanOrderRequest,
  CreateTitleOrderRequest,
  GstStateCode,
  VerifyPaymentRequest,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The payments HTTP API (notes/payments-plan.md), one function per call. The session client adds the token. */
export const paymentsApi = {
  plans: async (client: ApiClient, signal?: AbortSignal) =>
    (await client.call('GET /api/plans', {}, { signal })).data,
  config: (client: ApiClient, signal?: AbortSignal) =>
    client.call('GET /api/payments/config', {}, { signal }),
  /** SPEC's plan order: the reply is the Razorpay subscription that Checkout authorises. */
  createPlanOrder: (client: ApiClient, body: CreatePlanOrderRequest) =>
    client.call('POST /create-order', { body }),
  /** Watch Now (purchase) or Rent Now (rental); the server prices it (DECISIONS 2). */
  createTitleOrder: (client: ApiClient, body: CreateTitleOrderRequest) =>
    client.call('POST /api/payments/create-order', { body }),
  /** Issue 27: the billing state and GSTIN on the viewer's tax invoices. */
  billingProfile: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/billing-profile', { params: { id: userId } }, { signal }),
  saveBillingProfile: (
    client: ApiClient,
    userId: string,
    body: { state: GstStateCode; gstin: string | null },
  ) => client.call('PUT /api/users/{id}/billing-profile', { params: { id: userId }, body }),
  /** Issue 27: whether the plans page offers the free trial to this account. */
  trialOffer: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/trial', { params: { id: userId } }, { signal }),
  /** The free trial: the reply is the subscription whose mandate Checkout authorises (first charge at its end). */
  startTrial: (client: ApiClient, userId: string, idempotencyKey: string) =>
    client.call('POST /api/users/{id}/trial', { params: { id: userId }, body: { idempotencyKey } }),
  verify: (client: ApiClient, body: VerifyPaymentRequest) =>
    client.call('POST /api/payments/verify', { body }),
  subscription: async (client: ApiClient, userId: string, signal?: AbortSignal) =>
    (await client.call('GET /api/users/{id}/subscription', { params: { id: userId } }, { signal })).data,
  /** Change plan (DECISIONS 28): the reply is the Checkout that authorises the new plan. */
  changePlan: (client: ApiClient, userId: string, body: ChangePlanRequest) =>
    client.call('PUT /api/users/{id}/subscription', { params: { id: userId }, body }),
  cancelSubscription: async (client: ApiClient, userId: string) =>
    (await client.call('DELETE /api/users/{id}/subscription', { params: { id: userId } })).data,
  /** Works for visitors too: the answer then lists the ways in. */
  entitlement: (client: ApiClient, movieId: string, signal?: AbortSignal) =>
    client.call('GET /api/entitlements/{id}', { params: { id: movieId } }, { signal }),
  /**
   * The entitlement answer of each of a screen's titles (its cards), asked in batches of the server's limit; each
   * answer names the title that decides access (an episode's: its series), unknown ids are left out.
   */
  entitlementsOf: async (client: ApiClient, movieIds: string[], signal?: AbortSignal) => {
    const batches: string[][] = [];
    for (let at = 0; at < movieIds.length; at += ENTITLEMENTS_MAX_IDS)
      batches.push(movieIds.slice(at, at + ENTITLEMENTS_MAX_IDS));
    const answers = await Promise.all(
      batches.map((batch) =>
        client.call('POST /api/entitlements', { body: { movieIds: batch } }, { signal }),
      ),
    );
    return answers.flat();
  },
  ownedTitles: async (client: ApiClient, userId: string, signal?: AbortSignal) =>
    (await client.call('GET /api/users/{id}/titles', { params: { id: userId } }, { signal })).data,
  /** Profile → Billing (issue 27): payments, refunds, invoices and credit notes, and the next charge. */
  billing: async (client: ApiClient, userId: string, signal?: AbortSignal) =>
    (await client.call('GET /api/users/{id}/billing', { params: { id: userId } }, { signal })).data,
  /** A tax invoice or credit note as a PDF file. */
  invoicePdf: (client: ApiClient, userId: string, invoiceId: string) =>
    client.call('GET /api/users/{id}/invoices/{invoiceId}/pdf', { params: { id: userId, invoiceId } }),
} as const;
