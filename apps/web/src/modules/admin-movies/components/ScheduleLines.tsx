import { useTranslation } from 'react-i18next';
import { istLabel } from '../schedule-time';
import styles from './AdminTitle.module.css';

type ScheduleLinesProps = { publishAt?: string | null; availableUntil?: string | null };

/** A title's schedule on the admin lists (issue 28): when it goes live and when its licence ends, in IST. */
export const ScheduleLines = ({ publishAt, availableUntil }: ScheduleLinesProps) => {
  const { t } = useTranslation('adminMovies');
  return publishAt || availableUntil ? (
    <ul className={styles.schedule} aria-label={t('schedule')}>
      {publishAt && <li>{t('goesLive', { when: istLabel(publishAt) })}</li>}
      {availableUntil && <li>{t('availableUntil', { when: istLabel(availableUntil) })}</li>}
    </ul>
  ) : null;
};
