import type { MovieAccess } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { accessBadge } from '../access-badge';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';
import { useNow } from './useNow';

/** A rental's time left reads in minutes at the end: the badges follow the clock each minute. */
const TICK_MS = 60_000;

/** The badge of one title: its id (a movie's or a series') and whether it is premium, when the card knows. */
export type AccessBadgeOf = (movieId: string, access?: MovieAccess) => string | undefined;

/**
 * The badges of a screen's cards, from the server's entitlement answer for each title (payment-service decides,
 * never the card): "Owned", "Rented: 47 h left", "Subscription Required" only where the viewer cannot watch. One
 * call for the screen's titles. While the answer is on its way a card says nothing; when it cannot come (payments
 * unavailable), a premium card says only "Premium". Nothing is asked for a visitor: a premium title needs a way in.
 */
export const useAccessBadges = (movieIds: readonly string[]): AccessBadgeOf => {
  const { t } = useTranslation('payments');
  const client = useApiClient();
  const { user } = useAuth();
  const now = useNow(TICK_MS);
  const key = [...new Set(movieIds)].sort().join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  const { data, isError } = useQuery({
    queryKey: paymentKeys.cardsOf(user?.id ?? '', ids),
    queryFn: ({ signal }) => paymentsApi.entitlementsOf(client, ids, signal),
    enabled: user !== null && ids.length > 0,
    staleTime: 30_000,
    // A screen whose list changed keeps its badges while the new answer comes.
    placeholderData: keepPreviousData,
  });
  const answers = useMemo(() => new Map(data?.map((answer) => [answer.movieId, answer])), [data]);
  const signedIn = user !== null;
  return useCallback(
    (movieId, access) => {
      // A visitor can watch no premium title yet; nothing needs asking.
      if (!signedIn) return access === 'premium' ? t('badges.subscriptionRequired') : undefined;
      const entitlement = answers.get(movieId);
      if (entitlement) return accessBadge(entitlement, now, t);
      return isError && access === 'premium' ? t('badges.premium') : undefined;
    },
    [answers, isError, now, signedIn, t],
  );
};
