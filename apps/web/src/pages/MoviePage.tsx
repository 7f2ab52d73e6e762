import { useParams } from 'react-router-dom';
import { MovieView } from '@web/modules/movies/components/MovieView';
import { SideMenu } from '@web/modules/movies/components/SideMenu';
import { SiteFooter } from '@web/modules/layout/components/SiteFooter';
import { SiteHeader } from '@web/modules/layout/components/SiteHeader';
import styles from '@web/modules/layout/components/PageShell.module.css';

/** /movie/{id}: the title's page with the rent box, reviews and the slide-in side menu (SPEC 2). */
export const MoviePage = () => {
  const { id = '' } = useParams();
  return (
    <>
      <SiteHeader showSignIn={false} />
      <main className={styles.main}>
        <SideMenu />
        <MovieView key={id} id={id} variant="member" />
      </main>
      <SiteFooter />
    </>
  );
};
