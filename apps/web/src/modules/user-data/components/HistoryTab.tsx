import { watchMinutes } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toPath } from '@web/app/paths';
import { formatPaymentDate } from '@web/modules/payments/format-date';
import { episodeRefLabel } from '@web/modules/series/episode-ref';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useAddFavorite, useFavorites } from '../hooks/useFavorites';
import { useRemoveHistoryItem, useWatchHistory } from '../hooks/useWatchHistory';
import { Empty, LoadFailed, Loading } from './LoadStates';
import { ProgressBar } from './ProgressBar';
import { TitleCard, TitleList } from './TitleCard';

/** Minutes watched (rounded, as SPEC counts them), or the seconds when that is under a minute. */
const watchedFor = (seconds: number, t: TFunction<'userData'>) =>
  Math.round(seconds) < 60
    ? t('watchSeconds', { count: Math.round(seconds) })
    : t('watchMinutes', { count: watchMinutes(seconds) });

/**
 * The profile's Watch History (SPEC 2): poster, title, 'Watched on {date}', the minutes watched, how far in;
 * Remove, and Add to Favorites for a title not yet a favorite. Both apply at once and roll back on failure.
 */
export const HistoryTab = ({ userId }: { userId: string }) => {
  const { t } = useTranslation(['userData', 'series']);
  const [page, setPage] = useState(1);
  const history = useWatchHistory(userId, page);
  const favorites = useFavorites(userId);
  const { toasts, show, dismiss } = useToasts();
  const remove = useRemoveHistoryItem(userId, { onError: () => show('error', t('removeHistoryFailed')) });
  const addFavorite = useAddFavorite(userId, {
    onSuccess: () => show('success', t('favoriteAdded')),
    onError: (error) => show('error', errorText(error, { fallback: t('addFavoriteFailed') })),
  });
  const pages = history.data ? pageCount(history.data.total, history.data.pageSize) : 1;
  // A removal can empty the last page: show the one before it.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const isFavorite = (movieId: string) => favorites.data?.some((favorite) => favorite.movieId === movieId);

  const content = () => {
    if (history.isPending) return <Loading text={t('historyLoading')} />;
    if (history.isError)
      return (
        <LoadFailed
          text={t('historyFailed')}
          error={history.error}
          service="user-data-service"
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      );
    if (history.data.data.length === 0) return <Empty text={t('noHistory')} />;
    return (
      <>
        <TitleList label={t('historyListLabel')}>
          {history.data.data.map((item) => (
            <TitleCard
              key={item.id}
              movieId={item.movieId}
              title={item.title}
              posterUrl={item.posterUrl}
              to={item.episode ? toPath.series(item.episode.seriesId) : undefined}
              actions={
                <>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('removeHistoryTitle', { title: item.title })}
                    onClick={() => remove.mutate(item.id)}
                  >
                    {t('remove')}
                  </Button>
                  {/* Favorites are movies' (an episode's record names the episode, not its series). */}
                  {favorites.isSuccess && !item.episode && !isFavorite(item.movieId) && (
                    <Button size="sm" onClick={() => addFavorite.mutate(item)}>
                      {t('addToFavorites')}
                    </Button>
                  )}
                </>
              }
            >
              {item.episode && (
                <p>
                  {t('series:episodeLine', {
                    label: episodeRefLabel(item.episode),
                    title: item.episode.title,
                  })}
                </p>
              )}
              <p>{t('watchedOn', { date: formatPaymentDate(item.watchedAt) })}</p>
              <p>{watchedFor(item.watchTime, t)}</p>
              {item.progressPercent !== null && (
                <ProgressBar
                  percent={item.progressPercent}
                  label={t('progressLabel', { title: item.title })}
                />
              )}
            </TitleCard>
          ))}
        </TitleList>
        <Pager page={page} pages={pages} onPage={setPage} />
      </>
    );
  };

  return (
    <>
      {content()}
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={t('dismiss')} />
    </>
  );
};
