import type { CreatePromoRequest } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminPromosApi, type PageArgs } from '../api/admin-promos.api';

export const ADMIN_PROMOS_PAGE_SIZE = 20;

const keys = {
  all: ['admin', 'promos'] as const,
  list: (query: PageArgs) => [...keys.all, 'list', query] as const,
  redemptions: (promoId: string, query: PageArgs) => [...keys.all, 'redemptions', promoId, query] as const,
};

export const useAdminPromos = (query: PageArgs) => {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => adminPromosApi.list(client, query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
};

export const usePromoRedemptions = (promoId: string | null, query: PageArgs) => {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.redemptions(promoId ?? '', query),
    queryFn: ({ signal }) => adminPromosApi.redemptions(client, promoId ?? '', query, signal),
    enabled: promoId !== null,
    retry: false,
  });
};

/** Create a code, pause or resume one: every promo list is read again. */
export const useCreatePromo = () => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromoRequest) => adminPromosApi.create(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
};

export const useSetPromoPaused = () => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promoId, paused }: { promoId: string; paused: boolean }) =>
      adminPromosApi.setPaused(client, promoId, paused),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
};
