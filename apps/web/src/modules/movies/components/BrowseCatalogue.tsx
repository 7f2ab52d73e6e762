import type { MovieCategory } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { MovieGrid } from '@web/modules/movies/components/MovieGrid';
import { CatalogueFailed } from '@web/modules/movies/components/CatalogueFailed';
import { useMovies } from '@web/modules/movies/hooks/useMovies';
import { useCatalogueFilters } from '../hooks/useCatalogueFilters';
import { HINDI, HindiFilter } from './HindiFilter';
import { useMovieBadges } from '../hooks/useMovieBadges';
import { useMovieModals } from '../hooks/useMovieModals';
import { Catalogue } from './Catalogue';
import { GenreFilter } from './GenreFilter';

const PAGE_SIZE = 24;

type BrowseCatalogueProps = { title: string; lead: string; category?: MovieCategory };

/**
 * /movies and /category/{id}: the published catalogue, paginated, with server-side search, genre and sort, all in
 * the URL.
 */
export const BrowseCatalogue = ({ title, lead, category }: BrowseCatalogueProps) => {
  const { t } = useTranslation('catalogue');
  const { filters, search, page, setPage, change } = useCatalogueFilters();
  const list = useMovies({
    page,
    pageSize: PAGE_SIZE,
    search,
    genre: filters.genre || undefined,
    category,
    sort: filters.sort,
    language: filters.language || undefined,
  });
  const { watch, modal } = useMovieModals();
  const badgeFor = useMovieBadges(list.data?.data ?? []);

  return (
    <Catalogue
      title={title}
      lead={lead}
      texts={{
        searchLabel: t('searchLabel'),
        sortLabel: t('sortLabel'),
        sorts: t('sorts', { returnObjects: true }),
        results: (count) => t('results', { count }),
        none: (genre) => (category ? t('noneInCategory') : genre ? t('noneInGenre', { genre }) : t('none')),
      }}
      filters={filters}
      onSearch={change('search')}
      onSort={change('sort')}
      genreFilter={
        <>
          {!category && <GenreFilter value={filters.genre} onChange={change('genre')} />}
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
        <CatalogueFailed error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      }
      grid={(movies) => <MovieGrid movies={movies} onWatchNow={watch} badgeFor={badgeFor} />}
    >
      {modal}
    </Catalogue>
  );
};
