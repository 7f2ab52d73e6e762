import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './GenreFilter.module.css';

/** The language the filter of issue 26 asks for. */
export const HINDI = 'hi';

type HindiFilterProps = { checked: boolean; onChange: (checked: boolean) => void };

/** "Available in Hindi": only titles with Hindi audio or subtitles (the server filters, issue 26). */
export const HindiFilter = ({ checked, onChange }: HindiFilterProps) => {
  const { t } = useTranslation('catalogue');
  const id = useId();
  return (
    <div className={styles.filter}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} className={styles.label}>
        {t('availableInHindi')}
      </label>
    </div>
  );
};
