import { type Movie, MovieAccess } from '@app/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessBadges } from '@web/modules/payments/hooks/useAccessBadges';

/**
 * The badge of each movie card on a signed-in screen: "Coming soon" without media, else what the viewer has of it
 * (payment-service's answer): owned, rented with its time left, or "Subscription Required" where they cannot
 * watch. Only premium titles are asked about: a free one needs no badge.
 */
export const useMovieBadges = (movies: readonly Movie[]) => {
  const { t } = useTranslation('browse');
  const badgeOf = useAccessBadges(
    movies.filter((movie) => movie.access === MovieAccess.Premium).map((movie) => movie.id),
  );
  return useCallback(
    (movie: Movie) => (movie.mediaReady ? badgeOf(movie.id, movie.access) : t('comingSoon')),
    [badgeOf, t],
  );
};
