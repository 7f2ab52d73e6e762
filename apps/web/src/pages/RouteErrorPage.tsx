import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { Logo } from '@web/modules/layout/components/Logo';
import { buttonClass } from '@web/shared/ui/Button';
import styles from './RouteErrorPage.module.css';

/** What RouteErrorBoundary shows: any error thrown while rendering a route lands here (DECISIONS 25). */
export const RouteErrorPage = () => {
  const { t } = useTranslation('pages');
  return (
    <main className={styles.page}>
      <DocumentTitle title={t('unexpectedError')} />
      <Logo />
      <h1 className={styles.title}>{t('unexpectedError')}</h1>
      <p className={styles.line}>{t('unexpectedErrorLine')}</p>
      <Link to={Paths.landing} className={buttonClass()}>
        {t('backHome')}
      </Link>
    </main>
  );
};
