import { type Episode, episodeLabel, MovieStatus, type Season, type Series } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import titleStyles from '@web/modules/admin-movies/components/AdminTitle.module.css';
import { LoadFailedBox } from '@web/modules/admin-movies/components/TitleManager';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import type { ToastTone } from '@web/shared/ui/toast/useToasts';
import { emptyEpisodeForm, episodeFormValuesOf, nextEpisodeNumber } from '../episode-form';
import { useAdminSeriesDetail } from '../hooks/useAdminSeries';
import { useSeasonActions } from '../hooks/useAdminSeriesActions';
import { emptySeasonForm, nextSeasonNumber, seasonFormValuesOf } from '../season-form';
import { countsText, seasonHeading } from '../series-texts';
import { EpisodeFormModal } from './EpisodeFormModal';
import { SeasonFormModal } from './SeasonFormModal';
import { SeasonPanel } from './SeasonPanel';
import { SeriesBadges } from './SeriesBadges';
import styles from './SeriesEditor.module.css';

type Dialog =
  | { kind: 'add-season' }
  | { kind: 'edit-season'; season: Season }
  | { kind: 'add-episode'; season: Season }
  | { kind: 'edit-episode'; episode: Episode }
  | null;

type SeriesEditorProps = {
  seriesId: string;
  publishing: boolean;
  onBack: () => void;
  onEdit: (series: Series) => void;
  onPublish: (series: Series) => void;
  notify: (tone: ToastTone, message: string) => void;
};

/** A series' seasons and episodes (issue 13): add, edit and remove them, and each episode's video. */
export const SeriesEditor = ({
  seriesId,
  publishing,
  onBack,
  onEdit,
  onPublish,
  notify,
}: SeriesEditorProps) => {
  const { t } = useTranslation('adminSeries');
  const detail = useAdminSeriesDetail(seriesId);
  const actions = useSeasonActions(seriesId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const busy = actions.removeSeason.isPending || actions.removeEpisode.isPending;
  /** What the failure shows: the server's own message (a 409's "That season already exists"), else ours. */
  const failed = (fallback: string) => (error: Error) =>
    notify('error', errorText(error, { fallback, network: t('unreachable') }));
  /** An edit that changed nothing closes without a write (an episode update re-announces the episode). */
  const unchanged = (input: object) => {
    if (Object.keys(input).length > 0) return false;
    setDialog(null);
    return true;
  };
  const done = (fallback: string) => (answer: { message?: string } | undefined) => {
    notify('success', answer?.message || fallback);
    setDialog(null);
  };

  const back = (
    <Button variant="ghost" size="sm" className={styles.back} onClick={onBack}>
      <span aria-hidden="true">←</span> {t('editor.back')}
    </Button>
  );
  if (detail.isPending)
    return (
      <div className={styles.editor}>
        {back}
        <p role="status" className={styles.muted}>
          {t('editor.loading')}
        </p>
      </div>
    );
  if (detail.isError)
    return (
      <div className={styles.editor}>
        {back}
        <LoadFailedBox
          message={errorText(detail.error, { fallback: t('editor.failed'), network: t('unreachable') })}
          retryLabel={t('tryAgain')}
          retrying={detail.isFetching}
          onRetry={() => void detail.refetch()}
          size="sm"
        />
      </div>
    );

  const series = detail.data;
  const episodeCount = series.seasons.reduce((sum, season) => sum + season.episodes.length, 0);

  const modal = () => {
    switch (dialog?.kind) {
      case undefined:
        return null;
      case 'add-season':
        return (
          <SeasonFormModal
            mode="add"
            initial={emptySeasonForm(nextSeasonNumber(series.seasons))}
            saving={actions.addSeason.isPending}
            onClose={() => setDialog(null)}
            onSubmit={(input) =>
              actions.addSeason.mutate(input, {
                onSuccess: done(t('editor.seasonAdded')),
                onError: failed(t('editor.seasonAddFailed')),
              })
            }
          />
        );
      case 'edit-season':
        return (
          <SeasonFormModal
            mode="edit"
            initial={seasonFormValuesOf(dialog.season)}
            saving={actions.updateSeason.isPending}
            onClose={() => setDialog(null)}
            onSubmit={(input) =>
              unchanged(input) ||
              actions.updateSeason.mutate(
                { season: dialog.season.number, input },
                {
                  onSuccess: done(t('editor.seasonUpdated')),
                  onError: failed(t('editor.seasonUpdateFailed')),
                },
              )
            }
          />
        );
      case 'add-episode':
        return (
          <EpisodeFormModal
            mode="add"
            context={seasonHeading(t, dialog.season)}
            initial={emptyEpisodeForm(nextEpisodeNumber(dialog.season.episodes))}
            saving={actions.addEpisode.isPending}
            onClose={() => setDialog(null)}
            onSubmit={(input) =>
              actions.addEpisode.mutate(
                { season: dialog.season.number, input },
                { onSuccess: done(t('editor.episodeAdded')), onError: failed(t('editor.episodeAddFailed')) },
              )
            }
          />
        );
      case 'edit-episode':
        return (
          <EpisodeFormModal
            mode="edit"
            episodeId={dialog.episode.id}
            context={`${episodeLabel(dialog.episode)} · ${dialog.episode.title}`}
            initial={episodeFormValuesOf(dialog.episode)}
            saving={actions.updateEpisode.isPending}
            onClose={() => setDialog(null)}
            onSubmit={(input) =>
              unchanged(input) ||
              actions.updateEpisode.mutate(
                { id: dialog.episode.id, input },
                {
                  onSuccess: done(t('editor.episodeUpdated')),
                  onError: failed(t('editor.episodeUpdateFailed')),
                },
              )
            }
          />
        );
    }
  };

  return (
    <div className={styles.editor}>
      {back}
      <header className={styles.header}>
        <div className={styles.headerText}>
          <SeriesBadges series={series} />
          <h3 className={styles.title}>{series.title}</h3>
          <p className={titleStyles.meta}>{countsText(t, series.seasons.length, episodeCount)}</p>
        </div>
        <div className={styles.actions}>
          <Button variant="ghost" size="sm" onClick={() => onEdit(series)}>
            {t('edit')}
          </Button>
          {series.status === MovieStatus.Draft && (
            <Button size="sm" disabled={publishing} onClick={() => onPublish(series)}>
              {t('publish')}
            </Button>
          )}
        </div>
      </header>
      <div className={styles.seasonsBar}>
        <h4 className={styles.seasonsHeading}>{t('editor.seasons')}</h4>
        <Button size="sm" onClick={() => setDialog({ kind: 'add-season' })}>
          {t('editor.addSeason')}
        </Button>
      </div>
      {series.seasons.length === 0 ? (
        <p className={styles.muted}>{t('editor.noSeasons')}</p>
      ) : (
        series.seasons.map((season) => (
          <SeasonPanel
            key={season.number}
            season={season}
            busy={busy}
            onEdit={(target) => setDialog({ kind: 'edit-season', season: target })}
            onAddEpisode={(target) => setDialog({ kind: 'add-episode', season: target })}
            onRemove={(target) =>
              actions.removeSeason.mutate(target.number, {
                onSuccess: () => notify('success', t('editor.seasonRemoved', { number: target.number })),
                onError: failed(t('editor.seasonRemoveFailed')),
              })
            }
            onEditEpisode={(episode) => setDialog({ kind: 'edit-episode', episode })}
            onRemoveEpisode={(episode) =>
              actions.removeEpisode.mutate(episode.id, {
                onSuccess: () => notify('success', t('editor.episodeRemoved', { title: episode.title })),
                onError: failed(t('editor.episodeRemoveFailed')),
              })
            }
          />
        ))
      )}
      {modal()}
    </div>
  );
};
