import { type Movie, MovieAccess } from '@app/contracts';
import { useState } from 'react';
import { MovieDetailModal } from '@web/modules/movies/components/MovieDetailModal';
import { PremiumModal } from '@web/modules/movies/components/PremiumModal';

type Open = { kind: 'detail' | 'premium'; movie: Movie } | null;

/**
 * The two modals of the browse screens: Watch Now on a premium title explains the subscription
 * (SPEC 2 "Premium content modal"); anything else opens the detail modal.
 */
export const useMovieModals = () => {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return {
    showDetails: (movie: Movie) => setOpen({ kind: 'detail', movie }),
    watch: (movie: Movie) =>
      setOpen({ kind: movie.access === MovieAccess.Premium ? 'premium' : 'detail', movie }),
    modal:
      open?.kind === 'premium' ? (
        <PremiumModal movie={open.movie} onClose={close} />
      ) : open?.kind === 'detail' ? (
        <MovieDetailModal movie={open.movie} onClose={close} />
      ) : null,
  };
};
