import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { SeriesCatalogue } from '@web/modules/series/components/SeriesCatalogue';
import { SeriesView } from '@web/modules/series/components/SeriesView';

// Both TV-show routes are served from this module: one chunk, and one name in the first screen's preload map.

/** /tv-shows: the series catalogue (issue 13), open to visitors. */
export const SeriesListPage = () => {
  const { t } = useTranslation('series');
  return (
    <PageShell>
      <DocumentTitle title={t('title')} />
      <SeriesCatalogue />
    </PageShell>
  );
};

/** /tv-shows/{id}: a series with its seasons and episodes; the access panel tells visitors how to get in. */
export const SeriesPage = () => {
  const { id = '' } = useParams();
  return (
    <PageShell>
      <SeriesView key={id} id={id} />
    </PageShell>
  );
};
