import type { ReactNode } from 'react';
import styles from './PageShell.module.css';

type PageShellProps = { children: ReactNode };

/** The content of a page inside the site layout (SiteLayout gives it the header and the footer). */
export const PageShell = ({ children }: PageShellProps) => <main className={styles.main}>{children}</main>;
