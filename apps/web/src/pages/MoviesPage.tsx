import type { MovieCategory } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { BrowseCatalogue } from '@web/modules/movies/components/BrowseCatalogue';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';

/** /movies: the whole catalogue. */
export const MoviesPage = () => {
  const { t } = useTranslation('catalogue');
  return (
    <PageShell>
      <DocumentTitle title={t('moviesTitle')} />
      <BrowseCatalogue title={t('moviesTitle')} lead={t('moviesLead')} />
    </PageShell>
  );
};

/** /category/{action,comedy,drama,scifi}. */
export const CategoryPage = ({ category }: { category: MovieCategory }) => {
  const { t } = useTranslation(['catalogue', 'browse']);
  const name = t(`browse:categories.${category}`);
  return (
    <PageShell>
      <DocumentTitle title={name} />
      <BrowseCatalogue
        key={category}
        title={name}
        lead={t('catalogue:categoryLead', { name })}
        category={category}
      />
    </PageShell>
  );
};
