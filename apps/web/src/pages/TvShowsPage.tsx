import { useParams } from 'react-router-dom';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { SeriesCatalogue } from '@web/modules/series/components/SeriesCatalogue';
import { SeriesView } from '@web/modules/series/components/SeriesView';
import { seriesStrings } from '@web/modules/series/strings';
import { pageStrings } from './strings';

// Both TV-show routes are served from this module: one chunk, and one name in the first screen's preload map.

/** /tv-shows: the series catalogue (issue 13), open to visitors. */
export const SeriesListPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(seriesStrings.title)}</title>
    <SeriesCatalogue />
  </PageShell>
);

/** /tv-shows/{id}: a series with its seasons and episodes; the access panel tells visitors how to get in. */
export const SeriesPage = () => {
  const { id = '' } = useParams();
  return (
    <PageShell>
      <SeriesView key={id} id={id} />
    </PageShell>
  );
};
