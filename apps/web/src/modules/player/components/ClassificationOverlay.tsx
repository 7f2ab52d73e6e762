import type { PlaybackSession } from '@app/contracts';
import { ClassificationLabel } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import a11y from '@web/shared/ui/a11y.module.css';
import styles from './ClassificationOverlay.module.css';

/** How long the class stays over the picture once playback starts (IT Rules 2021: "at the start"). */
export const CLASSIFICATION_OVERLAY_MS = 8_000;

type ClassificationOverlayProps = { rating: PlaybackSession['rating'] };

/**
 * The title's class and content descriptors over the first seconds of playback ("U/A 13+ · Violence, Language"), as
 * India's IT Rules 2021 require, inside the player (fullscreen too). A polite live region says it to screen readers
 * once ("Rated U/A 13+ · Violence, Language"); it stays in the page, empty, once the overlay goes.
 */
export const ClassificationOverlay = ({ rating }: ClassificationOverlayProps) => {
  const { t } = useTranslation(['player', 'detail']);
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), CLASSIFICATION_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const { classification, descriptors } = rating;
  const warnings = descriptors.map((descriptor) => t(`detail:descriptors.${descriptor}`)).join(', ');
  return (
    <div slot="top-chrome" role="status" aria-live="polite" className={styles.region}>
      {shown && (
        <p className={styles.overlay}>
          <span className={a11y.visuallyHidden}>{t('ratedPrefix')}</span>
          <span className={styles.badge}>{ClassificationLabel[classification]}</span>
          {warnings && <span>{` · ${warnings}`}</span>}
        </p>
      )}
    </div>
  );
};
