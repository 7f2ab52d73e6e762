import { useParams } from 'react-router-dom';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { MovieView } from '@web/modules/movies/components/MovieView';
import { PageShell } from '@web/modules/layout/components/PageShell';

/** /moviedetails/{id}: open to anyone; visitors get a sign-in call to action, signed-in users the rent box. */
export const MovieDetailsPage = () => {
  const { id = '' } = useParams();
  const { isSignedIn } = useAuth();
  return (
    <PageShell>
      <MovieView key={id} id={id} variant={isSignedIn ? 'member' : 'visitor'} />
    </PageShell>
  );
};
