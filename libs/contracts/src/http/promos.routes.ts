import { pageSchemaOf, PageQuerySchema } from '../pagination';
import {
  CreatePromoRequestSchema,
  PausePromoRequestSchema,
  PromoIdParamsSchema,
  PromoMessages,
  PromoRedemptionSchema,
  PromoSchema,
} from '../promos';
import { UserIdParamsSchema } from '../auth';
import { IdempotencyKeyHeadersSchema } from '../payments';
import { StartTrialRequestSchema, TrialMessages, TrialOfferSchema } from '../promos';
import { CheckoutReply } from './replies';
import { json, kidsRefused, route } from './route';

const noPromo = 'No promo code of this id';

/** Issue 27: the admin console's promo codes (made here, applied only by payment-service at order creation). */
export const AdminPromoRoutes = {
  create: route({
    method: 'post',
    path: '/api/admin/promos',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: a promo code (percent or flat off, for plans and/or titles, valid from/to, total and per-account limits)',
    body: CreatePromoRequestSchema,
    ok: json(201, PromoSchema, 'Created'),
    errors: { 409: PromoMessages.taken },
  }),
  list: route({
    method: 'get',
    path: '/api/admin/promos',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: promo codes, newest first, with how many orders hold and how many paid with each',
    query: PageQuerySchema,
    ok: json(200, pageSchemaOf(PromoSchema)),
  }),
  setPaused: route({
    method: 'patch',
    path: '/api/admin/promos/{promoId}',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: pause a promo code (no new order takes it; orders made already keep their price) or resume it',
    params: PromoIdParamsSchema,
    body: PausePromoRequestSchema,
    ok: json(200, PromoSchema),
    errors: { 404: noPromo },
  }),
  redemptions: route({
    method: 'get',
    path: '/api/admin/promos/{promoId}/redemptions',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: the paid orders that used a promo code, newest first',
    params: PromoIdParamsSchema,
    query: PageQuerySchema,
    ok: json(200, pageSchemaOf(PromoRedemptionSchema)),
    errors: { 404: noPromo },
  }),
} as const;

/** Issue 27: the 7-day free trial of Standard, once per account (verified email, never subscribed). */
export const TrialRoutes = {
  offer: route({
    method: 'get',
    path: '/api/users/{id}/trial',
    tag: 'payments',
    access: 'own',
    summary: 'Whether the account may start the free trial (the plans page offers it), and why not',
    params: UserIdParamsSchema,
    ok: json(200, TrialOfferSchema),
  }),
  start: route({
    method: 'post',
    path: '/api/users/{id}/trial',
    notForKids: 'payments',
    tag: 'payments',
    access: 'own',
    verifiedEmail: true,
    summary:
      'Start the free trial: Checkout authorises a Standard subscription whose first charge comes when the trial ends (cancel before: nothing is charged, access ends with the trial)',
    params: UserIdParamsSchema,
    headers: IdempotencyKeyHeadersSchema,
    body: StartTrialRequestSchema,
    ok: json(201, CheckoutReply, 'Created'),
    errors: {
      403: `An unverified email, another account, or ${kidsRefused('payments')}`,
      409: `${TrialMessages.used} / ${TrialMessages.notEligible}`,
    },
  }),
} as const;
