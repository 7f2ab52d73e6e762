import type { ReactNode } from 'react';
import type { CompanyPageContent } from '../content';
import styles from './CompanyArticle.module.css';

type CompanyArticleProps = { content: CompanyPageContent; children?: ReactNode };

/** A company page: title, lead paragraph and its sections, plus anything page-specific after them. */
export const CompanyArticle = ({ content, children }: CompanyArticleProps) => (
  <article className={styles.article}>
    <header className={styles.header}>
      <h1 className={styles.title}>{content.title}</h1>
      <p className={styles.lead}>{content.lead}</p>
    </header>
    {content.sections.map((section) => (
      <section key={section.heading} className={styles.section}>
        <h2 className={styles.heading}>{section.heading}</h2>
        {section.paragraphs?.map((paragraph) => (
          <p key={paragraph} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
        {section.points && (
          <ul className={styles.points}>
            {section.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        )}
      </section>
    ))}
    {children}
  </article>
);
