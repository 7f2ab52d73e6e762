import type { TitleOrderKind } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentStrings as texts } from '../strings';
import { paymentKeys } from './payment-keys';
import { useCheckout } from './useCheckout';

/** Watch Now (purchase) and Rent Now (rental) of one title: Checkout, verify, then the access answers refresh. */
export const useTitleCheckout = (movieId: string | undefined) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const checkout = useCheckout({
    onPaid: async () => {
      await Promise.all([
        movieId && queryClient.invalidateQueries({ queryKey: paymentKeys.entitlements(movieId) }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.cards() }),
        user && queryClient.invalidateQueries({ queryKey: paymentKeys.ownedTitles(user.id) }),
      ]);
    },
  });
  const pay = (kind: TitleOrderKind) => {
    // SPEC 5: a payment needs a movie id.
    if (!movieId) {
      checkout.refuse(texts.invalidMovieId);
      return;
    }
    void checkout.start((idempotencyKey) =>
      paymentsApi.createTitleOrder(client, { movieId, kind, idempotencyKey }),
    );
  };
  return { ...checkout, pay };
};
