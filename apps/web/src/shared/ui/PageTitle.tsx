import type { ReactNode } from 'react';
import styles from './PageTitle.module.css';

type PageTitleProps = { className?: string; children: ReactNode };

/** A screen's one <h1>, at hero size. */
export const PageTitle = ({ className, children }: PageTitleProps) => (
  <h1 className={className ? `${styles.title} ${className}` : styles.title}>{children}</h1>
);

type PageHeaderProps = { title: string; lead?: string; className?: string };

/** A screen's title with its lead paragraph under it. */
export const PageHeader = ({ title, lead, className }: PageHeaderProps) => (
  <header className={className ? `${styles.header} ${className}` : styles.header}>
    <PageTitle>{title}</PageTitle>
    {lead && <p className={styles.lead}>{lead}</p>}
  </header>
);
