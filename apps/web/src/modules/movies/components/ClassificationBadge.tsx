import { type Classification, ClassificationLabel, type ContentDescriptor } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import styles from './ClassificationBadge.module.css';

type ClassificationBadgeProps = {
  classification: Classification;
  /** In a card's badge row (at its end) or in a line of text (a title page). */
  placement?: 'card' | 'inline';
};

/**
 * A title's class under the IT Rules 2021 ("U/A 13+"), read out as "Rated U/A 13+": on every card and on the
 * title and series pages (issue 25).
 */
export const ClassificationBadge = ({ classification, placement = 'inline' }: ClassificationBadgeProps) => {
  const { t } = useTranslation('detail');
  const label = ClassificationLabel[classification];
  return (
    <span className={`${styles.badge} ${styles[placement]}`} role="img" aria-label={t('rated', { label })}>
      {label}
    </span>
  );
};

type ClassificationLineProps = {
  classification: Classification;
  descriptors: readonly ContentDescriptor[];
};

/** The class and what the title contains, on its page: "U/A 13+ · Violence, Language". */
export const ClassificationLine = ({ classification, descriptors }: ClassificationLineProps) => {
  const { t } = useTranslation('detail');
  return (
    <p className={styles.line}>
      <ClassificationBadge classification={classification} />
      {descriptors.length > 0 && (
        <span>
          <span aria-hidden="true"> · </span>
          {descriptors.map((descriptor) => t(`descriptors.${descriptor}`)).join(', ')}
        </span>
      )}
    </p>
  );
};
