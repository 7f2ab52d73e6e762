import { useState } from 'react';
import { config } from '@web/shared/config/config';
import { PLACEHOLDER_POSTER, posterSrc } from '../poster';
import { movieStrings } from '../strings';

type PosterImageProps = { title: string; posterUrl: string; className?: string; eager?: boolean };

/** A poster by the SPEC 2 poster rule, falling back to the placeholder when it fails to load. */
export const PosterImage = ({ title, posterUrl, className, eager = false }: PosterImageProps) => {
  const resolved = posterSrc(posterUrl, config.imageBaseUrl);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      className={className}
      src={failedSrc === resolved ? PLACEHOLDER_POSTER : resolved}
      alt={movieStrings.posterAlt(title)}
      width={500}
      height={750}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(resolved)}
    />
  );
};
