import { type ReactNode, useId } from 'react';
import { Card } from './Card';
import styles from './Panel.module.css';

type PanelProps = {
  /** The panel's heading, which also names the region. Without one the panel is a plain box. */
  title?: string;
  className?: string;
  children: ReactNode;
};

/** A titled section of a page on a card surface (movie details, reviews, company sections). */
export const Panel = ({ title, className, children }: PanelProps) => {
  const titleId = useId();
  return (
    <Card as="section" className={className} aria-labelledby={title ? titleId : undefined}>
      {title && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      {children}
    </Card>
  );
};
