import { useTranslation } from 'react-i18next';
import { Catalogue } from '@web/modules/movies/components/Catalogue';
import { useCatalogueFilters } from '@web/modules/movies/hooks/useCatalogueFilters';
import { GenreSelect } from '@web/modules/movies/components/GenreFilter';
import { HINDI, HindiFilter } from '@web/modules/movies/components/HindiFilter';
import { LoadFailed } from '@web/modules/user-data/components/LoadStates';
import { useSeriesGenres } from '../hooks/useSeriesGenres';
import { useSeriesList } from '../hooks/useSeriesList';
import { SeriesGrid } from './SeriesGrid';

const PAGE_SIZE = 24;

/** /tv-shows: the published series, paginated, with server-side search, genre filter and sort (issue 13), all in the URL. */
export const SeriesCatalogue = () => {
  const { t } = useTranslation('series');
  const { filters, search, page, setPage, change } = useCatalogueFilters();
  const { data: genres = [] } = useSeriesGenres();
  const list = useSeriesList({
    page,
    pageSize: PAGE_SIZE,
    search,
    genre: filters.genre || undefined,
    sort: filters.sort,
    language: filters.language || undefined,
  });

  return (
    <Catalogue
      title={t('title')}
      lead={t('lead')}
      texts={{
        searchLabel: t('searchLabel'),
        sortLabel: t('sortLabel'),
        sorts: t('sorts', { returnObjects: true }),
        results: (count) => t('results', { count }),
        none: (genre) => (genre ? t('noneInGenre', { genre }) : t('none')),
      }}
      filters={filters}
      onSearch={change('search')}
      onSort={change('sort')}
      genreFilter={
        <>
          <GenreSelect genres={genres} value={filters.genre} onChange={change('genre')} />
          <HindiFilter
            checked={filters.language === HINDI}
            onChange={(on) => change('language')(on ? HINDI : '')}
          />
        </>
      }
      list={list}
      pageSize={PAGE_SIZE}
      page={page}
      onPage={setPage}
      failed={
        <LoadFailed
          text={t('loadFailed')}
          error={list.error}
          service="catalogue-service"
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      }
      grid={(series) => <SeriesGrid series={series} />}
    />
  );
};
