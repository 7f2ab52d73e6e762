import { useParams } from 'react-router-dom';
import { MovieView } from '@web/modules/movies/components/MovieView';
import { SideMenu } from '@web/modules/movies/components/SideMenu';
import { PageShell } from '@web/modules/layout/components/PageShell';

/** /movie/{id}: the title's page with the rent box, reviews and the slide-in side menu (SPEC 2). */
export const MoviePage = () => {
  const { id = '' } = useParams();
  return (
    <PageShell>
      <SideMenu />
      <MovieView key={id} id={id} variant="member" />
    </PageShell>
  );
};
