import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import styles from './PageShell.module.css';

type PageShellProps = { children: ReactNode; showSignIn?: boolean };

/** Header, content and footer for the visitor-facing pages other than the landing page. */
export const PageShell = ({ children, showSignIn }: PageShellProps) => (
  <>
    <SiteHeader showSignIn={showSignIn} />
    <main className={styles.main}>{children}</main>
    <SiteFooter />
  </>
);
