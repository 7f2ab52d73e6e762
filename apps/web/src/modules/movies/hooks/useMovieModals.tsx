import { type Movie, MovieAccess } from '@app/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MovieDetailModal } from '@web/modules/movies/components/MovieDetailModal';
import { PremiumModal } from '@web/modules/movies/components/PremiumModal';
import { useEntitlementCheck } from '@web/modules/payments/hooks/useEntitlementCheck';
import { watchLocation } from '@web/modules/player/watch-route';

type Open = { kind: 'detail' | 'premium'; movie: Movie } | null;

/**
 * The two modals of the browse screens and where Play / Watch Now leads: the player for a title the viewer
 * may watch; for one they may not, the premium modal (SPEC 2 "Premium content modal") or the detail modal
 * with its entitlement panel; a title without media opens its details, which say "Coming soon".
 */
export const useMovieModals = () => {
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  const checkAccess = useEntitlementCheck();
  const close = () => setOpen(null);
  const refuse = (movie: Movie) =>
    setOpen({ kind: movie.access === MovieAccess.Premium ? 'premium' : 'detail', movie });
  const play = (movie: Movie) => {
    const { to, state } = watchLocation(movie);
    void navigate(to, { state });
  };
  return {
    showDetails: (movie: Movie) => setOpen({ kind: 'detail', movie }),
    watch: (movie: Movie) => {
      if (!movie.mediaReady) {
        setOpen({ kind: 'detail', movie });
        return;
      }
      void checkAccess(movie.id).then(
        (entitlement) => (entitlement.canWatch ? play(movie) : refuse(movie)),
        // Without an answer the player asks the server itself, which refuses with the ways in.
        () => play(movie),
      );
    },
    modal:
      open?.kind === 'premium' ? (
        <PremiumModal movie={open.movie} onClose={close} />
      ) : open?.kind === 'detail' ? (
        <MovieDetailModal movie={open.movie} onClose={close} />
      ) : null,
  };
};
