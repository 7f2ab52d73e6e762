import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';
import styles from './PageNotice.module.css';

type PageNoticeProps = {
  title: string;
  line?: string;
  /** The way on: a link drawn as a button. */
  children: ReactNode;
};

/** A page that cannot show what was asked for (not found, failed to load, nothing chosen): why, and where to go. */
export const PageNotice = ({ title, line, children }: PageNoticeProps) => (
  <div className={styles.notice} role="alert">
    <PageTitle>{title}</PageTitle>
    {line && <p className={styles.line}>{line}</p>}
    {children}
  </div>
);
