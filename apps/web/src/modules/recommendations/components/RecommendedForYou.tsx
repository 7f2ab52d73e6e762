import { RecommendationSource } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { buttonClass } from '@web/shared/ui/Button';
import { useRecommendations } from '../hooks/useRecommendations';
import { useSimilar } from '../hooks/useSimilar';
import { RECOMMENDED_SHOWN, RecommendationGrid } from './RecommendationGrid';
import { isNotFound } from '@web/shared/api/api-request-error';

/** /recommended: the signed-in viewer's picks; a visitor (or a viewer without history) sees popular titles. */
const ViewerPicks = () => {
  const { t } = useTranslation('recommendations');
  const { user } = useAuth();
  const { data, error, isFetching, refetch } = useRecommendations({
    userId: user?.id ?? null,
    limit: RECOMMENDED_SHOWN,
  });
  const lead = !user
    ? t('visitorLead')
    : data && (data.source === RecommendationSource.Personal ? t('personalLead') : t('popularLead'));
  return (
    <RecommendationGrid
      lead={lead}
      items={data?.items}
      error={error}
      retrying={isFetching}
      onRetry={() => void refetch()}
      empty={<p>{t('empty')}</p>}
    />
  );
};

/** /recommended/{id}: titles like {id}, introduced by their shared reason ("More like {title}"). */
const SimilarTitles = ({ movieId }: { movieId: string }) => {
  const { t } = useTranslation('recommendations');
  const { data, isError, error, isFetching, refetch } = useSimilar(movieId, RECOMMENDED_SHOWN);
  const unknown = isError && isNotFound(error);
  return (
    <RecommendationGrid
      lead={data?.items[0]?.reasonText ?? t('similarLead')}
      items={unknown ? [] : data?.items}
      error={error}
      retrying={isFetching}
      onRetry={() => void refetch()}
      empty={
        <>
          <p>{unknown ? t('unknownTitle') : t('similarEmpty')}</p>
          <Link to={Paths.recommended} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            {t('allRecommendations')}
          </Link>
        </>
      }
    />
  );
};

/** 'Recommended for You' (SPEC 2), for the viewer or, given a title, like that title. */
export const RecommendedForYou = ({ movieId }: { movieId?: string }) =>
  movieId ? <SimilarTitles movieId={movieId} /> : <ViewerPicks />;
