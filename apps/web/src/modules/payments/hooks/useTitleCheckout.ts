import { type TitleOrderKind, VerifyOutcome } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentOutcome } from '../payment-outcome';
import type { TitleOrigin } from '../title-origin';
import { paymentKeys } from './payment-keys';
import { useCheckout } from './useCheckout';

/**
 * Watch Now (purchase) and Rent Now (rental) of one title: Checkout, verify, then the access answers refresh and,
 * like a plan, a plain success ends on /payment-success, which leads back to `origin` (the title) when given.
 */
export const useTitleCheckout = (movieId: string | undefined, origin?: TitleOrigin) => {
  const { t } = useTranslation('payments');
  const client = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const checkout = useCheckout({
    onPaid: async (result) => {
      await Promise.all([
        movieId && queryClient.invalidateQueries({ queryKey: paymentKeys.entitlements(movieId) }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.cards() }),
        user && queryClient.invalidateQueries({ queryKey: paymentKeys.ownedTitles(user.id) }),
      ]);
      // Only a paid verdict ends on /payment-success; any other (a second payment for a title already paid for,
      // refunded by itself) is said where the viewer paid, never celebrated. The verdict is `outcome`, not the words.
      if (origin && result.outcome === VerifyOutcome.Paid)
        await navigate(Paths.paymentSuccess, { state: paymentOutcome(result, origin) });
    },
  });
  /** `promoCode`: what the viewer typed (blank: none); the server applies it, or says why not. */
  const pay = (kind: TitleOrderKind, promoCode?: string) => {
    const code = promoCode?.trim() || undefined;
    // SPEC 5: a payment needs a movie id.
    if (!movieId) {
      checkout.refuse(t('invalidMovieId'));
      return;
    }
    void checkout.start((idempotencyKey) =>
      paymentsApi.createTitleOrder(client, { movieId, kind, idempotencyKey, promoCode: code }),
    );
  };
  return { ...checkout, pay };
};
