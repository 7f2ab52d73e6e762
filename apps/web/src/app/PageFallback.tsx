import styles from './PageFallback.module.css';

export const LOADING_LABEL = 'Loading…';

/** Invisible at first: it fades in only if the page's chunk takes longer than a moment, so fast loads never flash. */
export const PageFallback = () => (
  <div className={styles.fallback} role="status" aria-label={LOADING_LABEL}>
    <span className={styles.spinner} aria-hidden="true" />
  </div>
);
