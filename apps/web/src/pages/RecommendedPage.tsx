import { useParams } from 'react-router-dom';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { RecommendedForYou } from '@web/modules/recommendations/components/RecommendedForYou';
import { recommendationStrings } from '@web/modules/recommendations/strings';
import { pageStrings } from './strings';

/** /recommended and /recommended/{id} (SPEC 2 "Recommended"): open to visitors, who get popular titles (DECISIONS 12). */
export const RecommendedPage = () => {
  const { id } = useParams();
  return (
    <PageShell>
      <title>{pageStrings.documentTitle(recommendationStrings.title)}</title>
      <RecommendedForYou key={id} movieId={id} />
    </PageShell>
  );
};
