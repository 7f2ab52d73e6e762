import type { OwnedTitle } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { cardClass } from '@web/shared/ui/Card';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { formatPaymentDate } from '../format-date';
import { useNow } from '../hooks/useNow';
import { useOwnedTitles } from '../hooks/useOwnedTitles';
import { rentalTime } from '../rental-clock';
import styles from './MyTitles.module.css';

const remaining = (title: OwnedTitle, now: number, t: TFunction<'payments'>): string => {
  if (!title.active) return t('ended');
  if (title.kind === 'purchase' || !title.rental) return t('ownedForever');
  const time = rentalTime(title.rental, now);
  switch (time.kind) {
    case 'to-start':
      return t('daysToStart', { count: time.days });
    case 'hours':
      return t('hoursLeft', { hours: time.hours });
    case 'minutes':
      return t('minutesLeft', { count: time.minutes });
    case 'ended':
      return t('ended');
  }
};

/** My titles (DECISIONS 22, the Downloads tile): purchases and rentals, each rental's time counting down live. */
export const MyTitles = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('payments');
  const { data, isPending, isError, error, refetch, isFetching } = useOwnedTitles(userId);
  const now = useNow(60_000);
  if (isPending)
    return (
      <p role="status" className={styles.muted}>
        {t('myTitlesLoading')}
      </p>
    );
  const unavailable = serviceUnavailableText(error, 'payment-service');
  if (unavailable)
    return <ServiceUnavailable message={unavailable} onRetry={() => void refetch()} retrying={isFetching} />;
  if (isError)
    return (
      <div role="alert" className={styles.notice}>
        <p className={styles.muted}>{t('myTitlesFailed')}</p>
        <Button variant="ghost" size="sm" disabled={isFetching} onClick={() => void refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  if (data.length === 0)
    return (
      <div className={styles.notice}>
        <p className={styles.muted}>{t('myTitlesEmpty')}</p>
        <Link to={Paths.movies} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          {t('browse')}
        </Link>
      </div>
    );
  return (
    <ul className={styles.list}>
      {data.map((title) => {
        const left = remaining(title, now, t);
        const ended = left === t('ended');
        return (
          <li key={`${title.kind}-${title.movieId}-${title.acquiredAt}`}>
            <Link
              to={toPath.movie(title.movieId)}
              className={cardClass({ padding: 'sm' }, ended ? `${styles.item} ${styles.ended}` : styles.item)}
            >
              <span className={styles.title}>{title.title}</span>
              <span className={styles.muted}>
                {title.kind === 'purchase'
                  ? t('purchased', { date: formatPaymentDate(title.acquiredAt) })
                  : t('rented', { date: formatPaymentDate(title.acquiredAt) })}
              </span>
              <span className={styles.left}>{left}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
};
