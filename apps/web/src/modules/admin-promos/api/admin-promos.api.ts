import type { CreatePromoRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

export type PageArgs = { page: number; pageSize: number };

/** The admin console's promo-code calls (admin token from the session client, DECISIONS 16). */
export const adminPromosApi = {
  list: (client: ApiClient, query: PageArgs, signal?: AbortSignal) =>
    client.call('GET /api/admin/promos', { query }, { signal }),
  create: (client: ApiClient, body: CreatePromoRequest) => client.call('POST /api/admin/promos', { body }),
  setPaused: (client: ApiClient, promoId: string, paused: boolean) =>
    client.call('PATCH /api/admin/promos/{promoId}', { params: { promoId }, body: { paused } }),
  redemptions: (client: ApiClient, promoId: string, query: PageArgs, signal?: AbortSignal) =>
    client.call('GET /api/admin/promos/{promoId}/redemptions', { params: { promoId }, query }, { signal }),
} as const;
