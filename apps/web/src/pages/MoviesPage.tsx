import type { MovieCategory } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { BrowseCatalogue } from '@web/modules/movies/components/BrowseCatalogue';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { catalogueStrings } from '@web/modules/movies/browse-strings';
import { pageStrings } from './strings';

/** /movies: the whole catalogue. */
export const MoviesPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(catalogueStrings.moviesTitle)}</title>
    <BrowseCatalogue title={catalogueStrings.moviesTitle} lead={catalogueStrings.moviesLead} />
  </PageShell>
);

/** /category/{action,comedy,drama,scifi}. */
export const CategoryPage = ({ category }: { category: MovieCategory }) => {
  const { t } = useTranslation(['browse', 'catalogue']);
  const name = t(`categories.${category}`);
  return (
    <PageShell>
      <title>{pageStrings.documentTitle(name)}</title>
      <BrowseCatalogue
        key={category}
        title={name}
        lead={t('catalogue:categoryLead', { name })}
        category={category}
      />
    </PageShell>
  );
};
