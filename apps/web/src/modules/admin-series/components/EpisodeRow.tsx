import { istLabel } from '@web/modules/admin-movies/schedule-time';
import { type Episode, episodeLabel } from '@app/contracts';
import titleStyles from '@web/modules/admin-movies/components/AdminTitle.module.css';
import { formatPlaybackTime } from '@web/modules/player/format-time';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/shared/ui/Button';
import { airDate } from '../series-texts';
import { ConfirmAction } from './ConfirmAction';
import styles from './SeriesEditor.module.css';

type EpisodeRowProps = {
  episode: Episode;
  busy: boolean;
  onEdit: (episode: Episode) => void;
  onRemove: (episode: Episode) => void;
};

/** One episode in its season: "S1:E2", title, runtime, air date, intro marks, whether its video is ready. */
export const EpisodeRow = ({ episode, busy, onEdit, onRemove }: EpisodeRowProps) => {
  const { t } = useTranslation('adminSeries');
  const label = episodeLabel(episode);
  return (
    <article className={styles.episode} aria-label={`${label} ${episode.title}`}>
      <div className={styles.episodeText}>
        <p className={styles.episodeTitle}>
          <span className={styles.episodeLabel}>{label}</span> {episode.title}
        </p>
        <p className={titleStyles.meta}>
          {episode.runtimeMinutes !== null && (
            <span>{t('editor.runtime', { minutes: episode.runtimeMinutes })}</span>
          )}
          {episode.airDate && <span>{t('editor.airs', { date: airDate(episode.airDate) })}</span>}
          {episode.publishAt && <span>{t('goesLive', { when: istLabel(episode.publishAt) })}</span>}
          {episode.intro && (
            <span>
              {t('editor.intro', {
                start: formatPlaybackTime(episode.intro.startSeconds),
                end: formatPlaybackTime(episode.intro.endSeconds),
              })}
            </span>
          )}
          <span>{episode.mediaReady ? t('editor.mediaReady') : t('editor.noMedia')}</span>
        </p>
      </div>
      <div className={styles.actions}>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${t('edit')} ${label}`}
          onClick={() => onEdit(episode)}
        >
          {t('edit')}
        </Button>
        <ConfirmAction
          label={t('remove')}
          confirmLabel={t('confirmRemove')}
          subject={label}
          busy={busy}
          onConfirm={() => onRemove(episode)}
        />
      </div>
    </article>
  );
};
