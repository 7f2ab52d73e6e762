import type { ContinueWatchingItem } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PosterCard } from '@web/modules/movies/components/PosterCard';
import { useAccessBadges } from '@web/modules/payments/hooks/useAccessBadges';
import { Row } from '@web/modules/movies/components/MovieRow';
import { episodeLocation, watchLocation } from '@web/modules/player/watch-route';
import { episodeRefLabel } from '@web/modules/series/episode-ref';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button } from '@web/shared/ui/Button';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useContinueWatching, useHideFromRow } from '../hooks/useContinueWatching';
import styles from './ContinueWatchingRow.module.css';
import { ProgressBar } from './ProgressBar';

type ResumeCardProps = {
  item: ContinueWatchingItem;
  /** What the viewer has of the title: a rental's time left (DECISIONS 7), owned, or no longer included. */
  badge?: string;
  onRemove: () => void;
};

/**
 * A title to resume: the poster and title go to the player, which offers to continue from the saved position. A
 * series shows once, at the episode to watch next ("S1:E2" under its title), which the card plays (issue 13).
 */
const ResumeCard = ({ item, badge, onRemove }: ResumeCardProps) => {
  const { t } = useTranslation(['userData', 'series']);
  const { episode } = item;
  const label = episode ? episodeRefLabel(episode) : null;
  const name = label ? t('series:episodeName', { series: item.title, label }) : item.title;
  const { to, state } = episode
    ? { to: episodeLocation(item.movieId), state: undefined }
    : watchLocation({ id: item.movieId, title: item.title, description: '' });
  return (
    <PosterCard
      title={item.title}
      posterUrl={item.posterUrl}
      to={to}
      state={state}
      linkLabel={t('resume', { title: name })}
      badge={badge}
      strip={
        <ProgressBar
          className={styles.progress}
          percent={item.progressPercent}
          label={t('progressLabel', { title: name })}
        />
      }
      actions={
        <Button
          variant="ghost"
          size="sm"
          className={styles.remove}
          aria-label={t('removeFromRowTitle', { title: item.title })}
          onClick={onRemove}
        >
          {t('removeFromRow')}
        </Button>
      }
    >
      {episode && label && <p>{t('series:episodeLine', { label, title: episode.title })}</p>}
      <p>{t('percentWatched', { percent: Math.round(item.progressPercent) })}</p>
    </PosterCard>
  );
};

/**
 * Continue Watching on the user home (DECISIONS 10): the titles in progress with how far in they are; a click
 * resumes, "Remove from row" hides one at once (back if the server refuses). Not shown while there is none, nor
 * after an ordinary failure; with the viewer's data unavailable (user-data-service down) it says so.
 */
export const ContinueWatchingRow = ({ userId }: { userId: string }) => {
  const { t } = useTranslation(['userData', 'series']);
  const { data, error, isFetching, refetch } = useContinueWatching(userId);
  const unavailable = data ? null : serviceUnavailableText(error, 'user-data-service');
  const { toasts, show, dismiss } = useToasts();
  const hide = useHideFromRow(userId, { onError: () => show('error', t('removeFromRowFailed')) });
  // Movies only: an episode's access is its series', which is never rented or bought.
  const badgeOf = useAccessBadges(data?.filter((item) => !item.episode).map((item) => item.movieId) ?? []);
  return (
    <>
      {unavailable && (
        <Row
          title={t('continueWatching')}
          items={[]}
          keyOf={(item: ContinueWatchingItem) => item.movieId}
          renderItem={() => null}
          empty={
            <ServiceUnavailable message={unavailable} onRetry={() => void refetch()} retrying={isFetching} />
          }
        />
      )}
      {data && data.length > 0 && (
        <Row
          title={t('continueWatching')}
          items={data}
          keyOf={(item) => item.movieId}
          renderItem={(item) => (
            <ResumeCard
              item={item}
              badge={item.episode ? undefined : badgeOf(item.movieId)}
              onRemove={() => hide.mutate(item.movieId)}
            />
          )}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={t('dismiss')} />
    </>
  );
};
