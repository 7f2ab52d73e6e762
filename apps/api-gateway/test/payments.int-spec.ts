import {
  AuthPatterns,
  BillingPatterns,
  ErrorCode,
  MovieAccess,
  MovieMessages,
  PaymentMessages,
  PaymentPatterns,
  PromoPatterns,
  TrialPatterns,
  PaymentRpc,
  Quality,
  Role,
  SeriesMessages,
  SeriesPatterns,
  VerifyOutcome,
} from '@app/contracts';
import type { BillingHistory, Checkout, Entitlement, SubscriptionView, TaxDocument } from '@app/contracts';
import { AppError } from '@app/server-core';
import {
  ashaId,
  episodeId,
  fakeSession,
  fakeTokens,
  lagaan,
  movieId,
  moviePlayable,
  panchayat,
  pilot,
  raviId,
  resolveFakeSession,
  seriesId,
  seriesPlayable,
} from './fakes';
import { type RpcCall, standIn, useGatewayWithFakes } from './gateway-harness';

// The gateway's payment routes against stand-ins of auth-, catalogue- and payment-service on the real transport:
// who may call what, that the payer and the title's price come from the server side (never the body), and that
// Razorpay's webhook reaches payment-service byte for byte.

const unknownMovieId = 'e'.repeat(24);

const checkout: Checkout = {
  id: 'order_Lagaan0001',
  mode: 'order',
  amount: 120000,
  currency: 'INR',
  keyId: 'rzp_test_local',
  name: 'Streamly',
  description: 'Lagaan (buy)',
  prefill: { email: 'asha@example.in', name: 'Asha' },
  movieId,
  planId: null,
};
const subscription: SubscriptionView = {
  planId: 'standard',
  planName: 'Standard',
  amountInr: 499,
  amountPerMonthInr: 166,
  status: 'active',
  currentStart: '2026-11-01T00:00:00.000Z',
  currentEnd: '2027-02-01T00:00:00.000Z',
  nextBilling: null,
  activeUntil: '2027-02-01T00:00:00.000Z',
  scheduledChange: null,
};
const entitlement = (viewer: unknown): Entitlement => ({
  movieId,
  access: MovieAccess.Premium,
  canWatch: viewer !== null,
  reason: viewer === null ? 'sign-in-required' : 'purchase',
  quality: Quality.FullHD,
  screens: 1,
  plan: null,
  purchasedAt: null,
  rental: null,
  changesAt: null,
  waysIn: { plans: [], purchaseInr: 1200, rentalInr: 500 },
});

const invoiceId = '65a000000000000000000001';
const karnataka = { code: '29', name: 'Karnataka' } as const;
const invoice: TaxDocument = {
  id: invoiceId,
  type: 'invoice',
  number: 'SL/26-27/0000001',
  date: '2026-11-27T06:30:00.000Z',
  financialYear: '2026-27',
  against: null,
  paymentId: 'pay_Lagaan0001',
  supplier: { name: 'Streamly', address: 'Bengaluru', gstin: '29ABCDE1234F1ZW', state: karnataka },
  recipient: { name: 'Asha', email: 'asha@example.in', gstin: null, state: karnataka, stateAssumed: true },
  placeOfSupply: karnataka,
  description: 'Purchase: Lagaan',
  sac: '998433',
  reverseCharge: false,
  taxablePaise: 101_695,
  cgstPaise: 9_153,
  sgstPaise: 9_152,
  igstPaise: 0,
  totalPaise: 120_000,
  discount: null,
};
const billing: BillingHistory = {
  entries: [
    {
      kind: 'invoice',
      at: invoice.date,
      description: invoice.description,
      amountPaise: 120_000,
      paymentId: invoice.paymentId,
      status: null,
      number: invoice.number,
      documentId: invoiceId,
    },
  ],
  nextCharge: null,
};
const pdfBytes = Buffer.from('%PDF-1.3 not really');
const promoId = '65a0000000000000000000c1';
const promo = {
  id: promoId,
  code: 'DIWALI20',
  description: '',
  discount: { kind: 'percent', percentOff: 20 },
  appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'] },
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2026-12-01T00:00:00.000Z',
  totalLimit: 100,
  perAccountLimit: 1,
  status: 'active',
  claimed: 0,
  redeemed: 0,
  createdAt: '2026-10-30T00:00:00.000Z',
};
const newPromo = {
  code: 'diwali20',
  discount: { kind: 'percent', percentOff: 20 },
  appliesTo: { titles: 'all' },
  validFrom: promo.validFrom,
  validTo: promo.validTo,
  totalLimit: 100,
};

const received: RpcCall[] = [];
const lastTo = (pattern: string) => received.filter((call) => call.pattern === pattern).at(-1)?.data;

/** auth-service: the specs' sessions, and Asha's again on a token whose email is not verified yet. */
const FakeAuthModule = standIn({
  [AuthPatterns.resolveSession]: ({ token }: { token: string }) =>
    resolveFakeSession(token, {
      'unverified-token': { ...fakeSession(ashaId, Role.User, 'Asha'), emailVerified: false },
    }),
});

const FakeCatalogueModule = standIn(
  {
    /** The facts behind every payment answer: a movie's own, or for a series and its episodes the series'. */
    [SeriesPatterns.playable]: ({ id }: { id: string }) => {
      if (id === movieId) return moviePlayable(lagaan);
      if (id === seriesId) return seriesPlayable(panchayat);
      if (id === episodeId) return seriesPlayable(panchayat, pilot);
      throw new AppError(ErrorCode.NotFound, MovieMessages.notFound);
    },
  },
  received,
);

const planCheckout = (planId: string) => ({
  ...checkout,
  id: planId === 'standard' ? 'sub_Standard01' : 'sub_Premium001',
  mode: 'subscription',
  movieId: null,
  planId,
});

const FakePaymentModule = standIn(
  {
    [PaymentPatterns.createTitleOrder]: () => checkout,
    [PaymentPatterns.createPlanOrder]: () => planCheckout('standard'),
    [PaymentPatterns.verify]: () => ({
      outcome: VerifyOutcome.RefundedDuplicate,
      message: PaymentMessages.duplicateRefunded,
      movieId,
      planId: null,
      kind: 'purchase',
    }),
    [PaymentPatterns.webhook]: () => ({ outcome: 'applied' }),
    [PaymentPatterns.subscription]: () => subscription,
    [PaymentPatterns.cancelSubscription]: () => subscription,
    [PaymentPatterns.changePlan]: () => planCheckout('premium'),
    [PaymentPatterns.entitlement]: ({ viewer }: { viewer: unknown }) => entitlement(viewer),
    [PaymentPatterns.entitlements]: ({
      viewer,
      titles,
    }: {
      viewer: unknown;
      titles: Array<{ movieId: string }>;
    }) => titles.map((title) => ({ ...entitlement(viewer), movieId: title.movieId })),
    [PaymentPatterns.ownedTitles]: () => [],
    [PaymentPatterns.adminMismatches]: () => ({
      paidWithoutEntitlement: [],
      entitlementWithoutPayment: [],
      duplicates: [],
      reconciler: null,
    }),
    [PaymentPatterns.adminPayments]: () => ({ data: [], page: 1, pageSize: 20, total: 0 }),
    [TrialPatterns.offer]: () => ({ eligible: true, planId: 'standard', days: 7, reason: null }),
    [TrialPatterns.start]: () => planCheckout('standard'),
    [PromoPatterns.create]: () => promo,
    [PromoPatterns.list]: () => ({ data: [promo], page: 1, pageSize: 24, total: 1 }),
    [PromoPatterns.setPaused]: () => ({ ...promo, status: 'paused' }),
    [PromoPatterns.redemptions]: () => ({ data: [], page: 1, pageSize: 24, total: 0 }),
    [BillingPatterns.history]: () => billing,
    [BillingPatterns.profile]: () => ({ state: null, gstin: null }),
    [BillingPatterns.updateProfile]: () => ({ state: '27', gstin: null }),
    [BillingPatterns.document]: () => invoice,
    [BillingPatterns.pdf]: () => ({ fileName: 'SL-26-27-0000001.pdf', base64: pdfBytes.toString('base64') }),
  },
  received,
);

describe('payment routes at the gateway', () => {
  const gateway = useGatewayWithFakes([FakeAuthModule, FakeCatalogueModule, FakePaymentModule]);

  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    gateway.call(method, path, { body, token });
  const key = 'press-0001-abcdef';

  describe('who may call', () => {
    const order = { movieId, kind: 'rental', idempotencyKey: key };
    // [method, path, body, visitor, Asha (own), Ravi (someone else's path), admin]
    const matrix: Array<[string, string, unknown, number, number, number, number]> = [
      ['POST', '/api/payments/create-order', order, 401, 201, 201, 201],
      ['POST', '/create-order', { planId: 'standard', idempotencyKey: key }, 401, 201, 201, 201],
      ['GET', `/api/users/${ashaId}/subscription`, undefined, 401, 200, 403, 200],
      [
        'PUT',
        `/api/users/${ashaId}/subscription`,
        { planId: 'premium', idempotencyKey: key },
        401,
        200,
        403,
        403,
      ],
      ['DELETE', `/api/users/${ashaId}/subscription`, undefined, 401, 200, 403, 403],
      ['GET', `/api/users/${ashaId}/titles`, undefined, 401, 200, 403, 200],
      ['GET', `/api/users/${ashaId}/billing`, undefined, 401, 200, 403, 200],
      ['GET', `/api/users/${ashaId}/invoices/${invoiceId}`, undefined, 401, 200, 403, 200],
      ['GET', `/api/users/${ashaId}/invoices/${invoiceId}/pdf`, undefined, 401, 200, 403, 200],
      ['GET', `/api/entitlements/${movieId}`, undefined, 200, 200, 200, 200],
      ['GET', '/api/admin/payments/mismatches', undefined, 401, 403, 403, 200],
      ['POST', '/api/admin/promos', newPromo, 401, 403, 403, 201],
      ['GET', `/api/users/${ashaId}/trial`, undefined, 401, 200, 403, 403],
      ['GET', `/api/users/${ashaId}/billing-profile`, undefined, 401, 200, 403, 200],
      ['PUT', `/api/users/${ashaId}/billing-profile`, { state: '27' }, 401, 200, 403, 403],
      ['POST', `/api/users/${ashaId}/trial`, { idempotencyKey: key }, 401, 201, 403, 403],
      ['GET', '/api/admin/promos', undefined, 401, 403, 403, 200],
      ['PATCH', `/api/admin/promos/${promoId}`, { paused: true }, 401, 403, 403, 200],
      ['GET', `/api/admin/promos/${promoId}/redemptions`, undefined, 401, 403, 403, 200],
    ];

    it.each(matrix)('%s %s', async (method, path, body, visitor, own, other, admin) => {
      const statuses = [];
      for (const token of [null, fakeTokens.asha, fakeTokens.ravi, fakeTokens.admin]) {
        statuses.push((await call(method, path, token, body)).status);
      }
      expect(statuses).toEqual([visitor, own, other, admin]);
    });
  });

  it('Billing answers the path’s user’s history, invoice and PDF; the user id sent on is the path’s (issue 27)', async () => {
    const history = await call('GET', `/api/users/${ashaId}/billing`, fakeTokens.asha);
    expect(await history.json()).toEqual({ data: billing });
    expect(lastTo(BillingPatterns.history)).toEqual({ userId: ashaId });
    const json = await call('GET', `/api/users/${ashaId}/invoices/${invoiceId}`, fakeTokens.admin);
    expect(await json.json()).toEqual(invoice);
    expect(lastTo(BillingPatterns.document)).toEqual({ userId: ashaId, documentId: invoiceId });
    const pdf = await call('GET', `/api/users/${ashaId}/invoices/${invoiceId}/pdf`, fakeTokens.asha);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="SL-26-27-0000001.pdf"');
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(pdfBytes);
    // Not an invoice id: refused before any service is asked.
    expect(
      (await call('GET', `/api/users/${ashaId}/invoices/SL-26-27-0000001`, fakeTokens.asha)).status,
    ).toBe(400);
  });

  it('an account whose email is not verified cannot start a payment (DECISIONS 33), but may still read and cancel', async () => {
    const paying: Array<[string, string, unknown]> = [
      ['POST', '/api/payments/create-order', { movieId, kind: 'rental', idempotencyKey: key }],
      ['POST', '/create-order', { planId: 'standard', idempotencyKey: key }],
      ['PUT', `/api/users/${ashaId}/subscription`, { planId: 'premium', idempotencyKey: key }],
    ];
    for (const [method, path, body] of paying) {
      const answer = await call(method, path, 'unverified-token', body);
      expect([path, answer.status]).toEqual([path, 403]);
      expect(await answer.json()).toMatchObject({ message: 'Please verify your email before paying.' });
    }
    expect((await call('GET', `/api/users/${ashaId}/subscription`, 'unverified-token')).status).toBe(200);
    expect((await call('DELETE', `/api/users/${ashaId}/subscription`, 'unverified-token')).status).toBe(200);
  });

  it('orders a title for the signed-in payer at the price catalogue-service holds', async () => {
    const response = await call('POST', '/api/payments/create-order', fakeTokens.asha, {
      movieId,
      kind: 'purchase',
      idempotencyKey: key,
    });

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      id: checkout.id,
      amount: 120000,
      message: 'Order created',
    });
    expect(lastTo(PaymentPatterns.createTitleOrder)).toEqual({
      payer: { userId: ashaId, email: 'asha@example.in', name: 'Asha', isAdmin: false, language: 'en' },
      title: {
        movieId,
        title: 'Lagaan',
        access: 'premium',
        purchasePriceInr: 1200,
        rentalPriceInr: 500,
        kind: 'movie',
      },
      kind: 'purchase',
      idempotencyKey: key,
    });
  });

  it('passes a promo code, upper-cased, with a title or plan order; refuses a malformed one or an operator object', async () => {
    const title = await call('POST', '/api/payments/create-order', fakeTokens.asha, {
      movieId,
      promoCode: ' diwali20 ',
    });
    expect(title.status).toBe(201);
    expect(lastTo(PaymentPatterns.createTitleOrder)).toMatchObject({ promoCode: 'DIWALI20' });
    const plan = await call('POST', '/create-order', fakeTokens.asha, {
      planId: 'standard',
      promoCode: 'diwali20',
    });
    expect(plan.status).toBe(201);
    expect(lastTo(PaymentPatterns.createPlanOrder)).toMatchObject({ promoCode: 'DIWALI20' });
    // The trial refuses a code in the viewer's words: payment-service is given it to say so.
    expect(
      (await call('POST', `/api/users/${ashaId}/trial`, fakeTokens.asha, { promoCode: 'diwali20' })).status,
    ).toBe(201);
    expect(lastTo(TrialPatterns.start)).toMatchObject({ promoCode: 'DIWALI20' });
    const sent = received.length;
    for (const promoCode of ['no spaces inside', 'x', { $gt: '' }]) {
      const response = await call('POST', '/api/payments/create-order', fakeTokens.asha, {
        movieId,
        promoCode,
      });
      expect(response.status).toBe(400);
    }
    expect(received.slice(sent).filter((c) => c.pattern === PaymentPatterns.createTitleOrder)).toEqual([]);
  });

  it("hands an admin's new promo code to payment-service upper-cased, with its defaults; refuses a window that ends first", async () => {
    expect((await call('POST', '/api/admin/promos', fakeTokens.admin, newPromo)).status).toBe(201);
    expect(lastTo(PromoPatterns.create)).toEqual({
      ...newPromo,
      code: 'DIWALI20',
      description: '',
      appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'], plans: [] },
      perAccountLimit: 1,
    });
    const backwards = await call('POST', '/api/admin/promos', fakeTokens.admin, {
      ...newPromo,
      validFrom: newPromo.validTo,
      validTo: newPromo.validFrom,
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({
      message: expect.stringContaining('start before it ends'),
    });
  });

  it('asks the trial offer for the caller, saying whether the email is verified; an unverified one cannot start it', async () => {
    expect((await call('GET', `/api/users/${ashaId}/trial`, 'unverified-token')).status).toBe(200);
    expect(lastTo(TrialPatterns.offer)).toEqual({ userId: ashaId, emailVerified: false });
    const sent = received.length;
    expect((await call('POST', `/api/users/${ashaId}/trial`, 'unverified-token', {})).status).toBe(403);
    expect(received.slice(sent).filter((c) => c.pattern === TrialPatterns.start)).toEqual([]);
  });

  it('refuses a billing profile with a GSTIN that fails its check character, before any service is asked', async () => {
    const sent = received.length;
    for (const body of [
      { state: '27', gstin: '27AAPFU0939F1ZX' },
      { state: '99' },
      { state: '27', gstin: { $gt: '' } },
    ]) {
      expect((await call('PUT', `/api/users/${ashaId}/billing-profile`, fakeTokens.asha, body)).status).toBe(
        400,
      );
    }
    expect(received.slice(sent).filter((c) => c.pattern === BillingPatterns.updateProfile)).toEqual([]);
    expect(
      (
        await call('PUT', `/api/users/${ashaId}/billing-profile`, fakeTokens.asha, {
          state: '27',
          gstin: '27aapfu0939f1zv',
        })
      ).status,
    ).toBe(200);
    expect(lastTo(BillingPatterns.updateProfile)).toEqual({
      userId: ashaId,
      profile: { state: '27', gstin: '27AAPFU0939F1ZV' },
    });
  });

  describe("SPEC 7's bodies, as SPEC writes them", () => {
    const payer = { userId: ashaId, email: 'asha@example.in', name: 'Asha', isAdmin: false, language: 'en' };

    it("takes a title order with amount (ignored: the catalogue price stands) and the caller's own userId, without a key", async () => {
      const response = await call('POST', '/api/payments/create-order', fakeTokens.asha, {
        amount: 1,
        movieId,
        userId: ashaId,
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ id: checkout.id, amount: 120000 });
      // Neither the amount nor the user id reaches payment-service; without a key, it makes its own.
      expect(lastTo(PaymentPatterns.createTitleOrder)).toEqual({
        payer,
        title: moviePlayable(lagaan).facts,
        kind: 'purchase',
      });
    });

    it('takes a plan order with amount and currency (both ignored), without a key', async () => {
      const response = await call('POST', '/create-order', fakeTokens.asha, {
        amount: 1,
        currency: 'INR',
        planId: 'standard',
      });
      expect(response.status).toBe(201);
      expect(lastTo(PaymentPatterns.createPlanOrder)).toEqual({ payer, planId: 'standard' });
      expect(
        (await call('POST', '/create-order', fakeTokens.asha, { planId: 'standard', currency: 'USD' }))
          .status,
      ).toBe(400);
    });

    it("refuses another user's userId with 403, before any service is asked", async () => {
      const paid = {
        razorpay_payment_id: 'pay_Abc123456',
        razorpay_order_id: 'order_Abc12345',
        razorpay_signature: 'a'.repeat(64),
      };
      const before = received.filter((call) => call.pattern !== SeriesPatterns.playable).length;
      for (const [path, body] of [
        ['/api/payments/create-order', { movieId, amount: 1200, userId: raviId }],
        ['/api/payments/verify', { ...paid, userId: raviId, movieId }],
      ] as const) {
        const answer = await call('POST', path, fakeTokens.asha, body);
        expect([path, answer.status]).toEqual([path, 403]);
        expect(await answer.json()).toMatchObject({ code: ErrorCode.Forbidden });
      }
      expect(received.filter((call) => call.pattern !== SeriesPatterns.playable).length).toBe(before);
    });

    it("passes verify's userId and movieId to payment-service, which checks them against its order", async () => {
      const paid = {
        razorpay_payment_id: 'pay_Abc123456',
        razorpay_order_id: 'order_Abc12345',
        razorpay_signature: 'a'.repeat(64),
      };
      const response = await call('POST', '/api/payments/verify', fakeTokens.asha, {
        ...paid,
        userId: ashaId,
        movieId,
      });
      expect(response.status).toBe(200);
      // The verdict is carried as payment-service gave it, for the web app to branch on.
      expect(await response.json()).toMatchObject({ outcome: VerifyOutcome.RefundedDuplicate });
      expect(lastTo(PaymentPatterns.verify)).toEqual({
        payer,
        confirmation: { ...paid, userId: ashaId, movieId },
      });
    });
  });

  describe('the Idempotency-Key header', () => {
    const order = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
      gateway.call('POST', '/api/payments/create-order', {
        token: fakeTokens.asha,
        body: { movieId, ...body },
        headers,
      });

    it('carries the key as the body does, and both may be sent when they agree', async () => {
      expect((await order({ 'Idempotency-Key': key })).status).toBe(201);
      expect(lastTo(PaymentPatterns.createTitleOrder)).toMatchObject({ idempotencyKey: key });
      expect((await order({ 'idempotency-key': key }, { idempotencyKey: key })).status).toBe(201);
      expect(lastTo(PaymentPatterns.createTitleOrder)).toMatchObject({ idempotencyKey: key });
      const plan = await gateway.call('POST', '/create-order', {
        token: fakeTokens.asha,
        body: { planId: 'basic' },
        headers: { 'Idempotency-Key': key },
      });
      expect(plan.status).toBe(201);
      expect(lastTo(PaymentPatterns.createPlanOrder)).toMatchObject({ planId: 'basic', idempotencyKey: key });
    });

    it('refuses a header that differs from the body, or a malformed one, before any service is asked', async () => {
      const before = received.length;
      const differing = await order({ 'Idempotency-Key': 'press-0002-abcdef' }, { idempotencyKey: key });
      expect(differing.status).toBe(400);
      expect(await differing.json()).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: PaymentMessages.idempotencyKeysDiffer,
      });
      const malformed = await order({ 'Idempotency-Key': 'short' });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { message: string }).message).toContain('Idempotency-Key');
      expect(received.length).toBe(before);
    });
  });

  it.each([
    ['an operator object for the movie', { movieId: { $ne: null }, kind: 'purchase', idempotencyKey: key }],
    ['no movie id', { kind: 'purchase', idempotencyKey: key }],
    ['an unknown kind', { movieId, kind: 'gift', idempotencyKey: key }],
    ['an amount that is not a number', { movieId, amount: '1200' }],
    ['a key that is not one', { movieId, idempotencyKey: 'short' }],
    ['a field SPEC does not send', { movieId, price: 1 }],
  ])('refuses an order with %s, before any service is asked', async (_case, body) => {
    const before = received.length;
    const response = await call('POST', '/api/payments/create-order', fakeTokens.asha, body);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(received.length).toBe(before);
  });

  it("answers 'Invalid movie ID' for an id that is not one", async () => {
    const response = await call('POST', '/api/payments/create-order', fakeTokens.asha, {
      movieId: 'not-an-id',
      kind: 'purchase',
      idempotencyKey: key,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('Invalid movie ID');
  });

  it('answers 404 for a title catalogue-service does not publish', async () => {
    const response = await call('POST', '/api/payments/create-order', fakeTokens.asha, {
      movieId: unknownMovieId,
      kind: 'purchase',
      idempotencyKey: key,
    });
    expect(response.status).toBe(404);
  });

  it("passes the admin console's email and title filters to payment-service, trimmed; refuses anything else", async () => {
    const ok = await call(
      'GET',
      `/api/admin/payments/payments?page=1&pageSize=20&email=%20Asha%40Example&title=Sholay&status=captured`,
      fakeTokens.admin,
    );
    expect(ok.status).toBe(200);
    expect(lastTo(PaymentPatterns.adminPayments)).toEqual({
      page: 1,
      pageSize: 20,
      email: 'Asha@Example',
      title: 'Sholay',
      status: 'captured',
    });
    const before = received.length;
    for (const query of ['email[$gt]=', `title=${'x'.repeat(121)}`, 'email=', 'emails=asha']) {
      const answer = await call('GET', `/api/admin/payments/payments?${query}`, fakeTokens.admin);
      expect([query, answer.status]).toEqual([query, 400]);
    }
    expect((await call('GET', '/api/admin/payments/payments?email=asha', fakeTokens.asha)).status).toBe(403);
    expect(received.length).toBe(before);
  });

  it('refuses a verify body with fields neither Razorpay nor SPEC sends, or a malformed signature', async () => {
    const good = {
      razorpay_payment_id: 'pay_Abc123456',
      razorpay_order_id: 'order_Abc12345',
      razorpay_signature: 'a'.repeat(64),
    };
    for (const body of [
      { ...good, amount: 1200 },
      { ...good, movieId: 'not-an-id' },
      { ...good, razorpay_signature: 'not-hex' },
      { ...good, razorpay_order_id: { $gt: '' } },
    ]) {
      expect((await call('POST', '/api/payments/verify', fakeTokens.asha, body)).status).toBe(400);
    }
  });

  it('asks for the entitlement as the caller, and as a visitor without a token', async () => {
    await call('GET', `/api/entitlements/${movieId}`, null);
    expect(lastTo(PaymentPatterns.entitlement)).toMatchObject({ viewer: null, title: { movieId } });

    const response = await call('GET', `/api/entitlements/${movieId}`, fakeTokens.asha);
    expect(PaymentRpc.entitlement.reply.parse(await response.json())).toMatchObject({ canWatch: true });
    expect(lastTo(PaymentPatterns.entitlement)).toMatchObject({ viewer: { userId: ashaId, isAdmin: false } });
  });

  it("answers a screen's cards in one call: each title's facts, one payment question, unknown ids left out", async () => {
    expect((await call('POST', '/api/entitlements', null, { movieIds: [movieId] })).status).toBe(401);
    const asked = { movieIds: [movieId, unknownMovieId, episodeId, movieId] };

    const response = await call('POST', '/api/entitlements', fakeTokens.asha, asked);

    expect(response.status).toBe(200);
    const answers = PaymentRpc.entitlements.reply.parse(await response.json());
    expect(answers.map((answer) => answer.movieId)).toEqual([movieId, seriesId]);
    expect(lastTo(PaymentPatterns.entitlements)).toEqual({
      viewer: { userId: ashaId, isAdmin: false },
      titles: [moviePlayable(lagaan).facts, seriesPlayable(panchayat).facts],
    });
    for (const body of [
      { movieIds: [] },
      { movieIds: ['nope'] },
      { movieIds: Array(51).fill(movieId) },
      {},
    ]) {
      expect((await call('POST', '/api/entitlements', fakeTokens.asha, body)).status).toBe(400);
    }
  });

  describe('a series (issue 13): plans only', () => {
    it.each([
      ['the series', seriesId],
      ['an episode', episodeId],
    ])('refuses to sell or rent %s with 400, never asking payment-service', async (_what, id) => {
      for (const kind of ['purchase', 'rental']) {
        const before = received.filter((call) => call.pattern !== SeriesPatterns.playable).length;
        const response = await call('POST', '/api/payments/create-order', fakeTokens.asha, {
          movieId: id,
          kind,
          idempotencyKey: key,
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          code: ErrorCode.ValidationFailed,
          message: SeriesMessages.noTitleOrder,
        });
        expect(received.filter((call) => call.pattern !== SeriesPatterns.playable).length).toBe(before);
      }
    });

    it.each([
      ['the series', seriesId],
      ['an episode', episodeId],
    ])("answers the entitlement of %s on the series' facts, published titles only", async (_what, id) => {
      const response = await call('GET', `/api/entitlements/${id}`, fakeTokens.asha);
      expect(response.status).toBe(200);
      // Read once per 30 s (TitleAccessService): some earlier test may have asked it already.
      expect(received).toContainEqual({ pattern: SeriesPatterns.playable, data: { id, asAdmin: false } });
      expect(lastTo(PaymentPatterns.entitlement)).toEqual({
        viewer: { userId: ashaId, isAdmin: false },
        title: seriesPlayable(panchayat).facts,
      });
    });

    it('answers 404 for an id the catalogue does not publish (a draft episode), asking no payment', async () => {
      const before = received.filter((call) => call.pattern === PaymentPatterns.entitlement).length;
      expect((await call('GET', `/api/entitlements/${unknownMovieId}`, fakeTokens.asha)).status).toBe(404);
      expect(received.filter((call) => call.pattern === PaymentPatterns.entitlement).length).toBe(before);
    });
  });

  it("wraps the subscription in SPEC's { data } and acts for the path's own user", async () => {
    const response = await call('GET', `/api/users/${ashaId}/subscription`, fakeTokens.asha);
    expect(await response.json()).toEqual({ data: subscription });
    expect(lastTo(PaymentPatterns.subscription)).toEqual({ userId: ashaId });

    await call('DELETE', `/api/users/${ashaId}/subscription`, fakeTokens.asha);
    expect(lastTo(PaymentPatterns.cancelSubscription)).toEqual({ userId: ashaId });
  });

  it("forwards Razorpay's webhook byte for byte with its signature and event id", async () => {
    // Spacing and key order as Razorpay sent them: the HMAC covers exactly these bytes.
    const raw = '{"event":"payment.captured",  "payload":{"payment":{"entity":{"id":"pay_X1"}}}}';
    const response = await fetch(`${gateway.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': 'f'.repeat(64),
        'x-razorpay-event-id': 'evt_0001',
      },
      body: raw,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: 'applied' });
    expect(lastTo(PaymentPatterns.webhook)).toEqual({
      rawBody: raw,
      signature: 'f'.repeat(64),
      eventId: 'evt_0001',
    });
  });

  it('refuses an unsigned webhook without asking payment-service', async () => {
    const before = received.length;
    const response = await fetch(`${gateway.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"event":"payment.captured"}',
    });
    expect(response.status).toBe(400);
    expect(received.length).toBe(before);
  });
});
