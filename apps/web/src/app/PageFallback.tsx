import { useTranslation } from 'react-i18next';
import styles from './PageFallback.module.css';

/** Invisible at first: it fades in only if the page's chunk takes longer than a moment, so fast loads never flash. */
export const PageFallback = () => {
  // Never waits for a catalogue itself: it is what shows while things load (English until Hindi has come).
  const { t } = useTranslation('pages', { useSuspense: false });
  return (
    <div className={styles.fallback} role="status" aria-label={t('loading')}>
      <span className={styles.spinner} aria-hidden="true" />
    </div>
  );
};
