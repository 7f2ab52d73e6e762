import { istLabel } from '../schedule-time';
import { adminMovieStrings as t } from '../strings';
import styles from './AdminTitle.module.css';

type ScheduleLinesProps = { publishAt?: string | null; availableUntil?: string | null };

/** A title's schedule on the admin lists (issue 28): when it goes live and when its licence ends, in IST. */
export const ScheduleLines = ({ publishAt, availableUntil }: ScheduleLinesProps) =>
  publishAt || availableUntil ? (
    <ul className={styles.schedule} aria-label="Schedule">
      {publishAt && <li>{t.goesLive(istLabel(publishAt))}</li>}
      {availableUntil && <li>{t.availableUntil(istLabel(availableUntil))}</li>}
    </ul>
  ) : null;
