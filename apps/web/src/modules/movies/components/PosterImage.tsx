import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '@web/shared/config/config';
import { PLACEHOLDER_POSTER, posterSrc } from '../poster';
import styles from './PosterImage.module.css';

type PosterImageProps = {
  title: string;
  posterUrl: string | null | undefined;
  className?: string;
  /** Rounded and lifted, beside a title's details (the detail page and modal). */
  framed?: boolean;
  eager?: boolean;
  imageBaseUrl?: string;
};

/** A poster by the SPEC 2 poster rule, falling back to the placeholder when it fails to load. */
export const PosterImage = ({
  title,
  posterUrl,
  className,
  framed = false,
  eager = false,
  imageBaseUrl = config.imageBaseUrl,
}: PosterImageProps) => {
  const { t } = useTranslation('movie');
  const resolved = posterSrc(posterUrl, imageBaseUrl);
  // Remembering which source failed (not a flag) lets a new posterUrl get its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      className={[framed && styles.framed, className].filter(Boolean).join(' ') || undefined}
      src={failedSrc === resolved ? PLACEHOLDER_POSTER : resolved}
      alt={t('posterAlt', { title })}
      width={500}
      height={750}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(resolved)}
    />
  );
};
