import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { RecommendedForYou } from '@web/modules/recommendations/components/RecommendedForYou';

/** /recommended and /recommended/{id} (SPEC 2 "Recommended"): open to visitors, who get popular titles (DECISIONS 12). */
export const RecommendedPage = () => {
  const { t } = useTranslation('recommendations');
  const { id } = useParams();
  return (
    <PageShell>
      <DocumentTitle title={t('title')} />
      <RecommendedForYou key={id} movieId={id} />
    </PageShell>
  );
};
