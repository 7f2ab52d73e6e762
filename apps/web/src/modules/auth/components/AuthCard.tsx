import type { ReactNode } from 'react';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import styles from './AuthCard.module.css';

type AuthCardProps = { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The framed panel every account screen sits in, under the site header (without Sign In: the router's account layout). */
export const AuthCard = ({ title, lead, children, footer }: AuthCardProps) => (
  <PageShell>
    <DocumentTitle title={title} />
    <div className={styles.stage}>
      <section className={styles.card} aria-labelledby="auth-card-title">
        <header className={styles.header}>
          <h1 id="auth-card-title" className={styles.title}>
            {title}
          </h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </header>
        {children}
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </section>
    </div>
  </PageShell>
);
