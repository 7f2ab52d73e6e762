import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Logo } from '@web/modules/layout/components/Logo';
import { buttonClass } from '@web/shared/ui/Button';
import styles from './RouteErrorPage.module.css';
import { pageStrings } from './strings';

/** The root errorElement: any error thrown while rendering a route lands here (DECISIONS 25). */
export const RouteErrorPage = () => (
  <main className={styles.page}>
    <title>{pageStrings.documentTitle(pageStrings.unexpectedError)}</title>
    <Logo />
    <h1 className={styles.title}>{pageStrings.unexpectedError}</h1>
    <p className={styles.line}>{pageStrings.unexpectedErrorLine}</p>
    <Link to={Paths.landing} className={buttonClass()}>
      {pageStrings.backHome}
    </Link>
  </main>
);
