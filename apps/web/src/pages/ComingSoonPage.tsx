import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { buttonClass } from '@web/shared/ui/Button';
import { PageTitle } from '@web/shared/ui/PageTitle';
import styles from './ComingSoonPage.module.css';
import { type ComingSoonKey, comingSoonPages } from './coming-soon-strings';
import { pageStrings } from './strings';

type ComingSoonPageProps = { page: ComingSoonKey };

/** Stands in for a screen that a later build delivers. */
export const ComingSoonPage = ({ page }: ComingSoonPageProps) => {
  const { title, line } = comingSoonPages[page];
  return (
    <PageShell>
      <title>{pageStrings.documentTitle(title)}</title>
      <div className={styles.panel}>
        <span className={styles.badge}>{pageStrings.comingSoonBadge}</span>
        <PageTitle>{title}</PageTitle>
        <p className={styles.line}>{line}</p>
        <Link to={Paths.landing} className={buttonClass({ variant: 'ghost' })}>
          {pageStrings.backHome}
        </Link>
      </div>
    </PageShell>
  );
};
