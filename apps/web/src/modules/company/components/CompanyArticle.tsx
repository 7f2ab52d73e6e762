import type { ReactNode } from 'react';
import type { CompanyPageContent } from '../strings';
import styles from './CompanyArticle.module.css';
import { Panel } from '@web/shared/ui/Panel';
import { PageHeader } from '@web/shared/ui/PageTitle';

type CompanyArticleProps = { content: CompanyPageContent; children?: ReactNode };

/** A company page: title, lead paragraph and its sections, plus anything page-specific after them. */
export const CompanyArticle = ({ content, children }: CompanyArticleProps) => (
  <article className={styles.article}>
    <PageHeader className={styles.header} title={content.title} lead={content.lead} />
    {content.sections.map((section) => (
      <Panel key={section.heading} title={section.heading}>
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
      </Panel>
    ))}
    {children}
  </article>
);
