import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@web/shared/i18n/languages';
import { useLanguage } from '@web/shared/i18n/useLanguage';
import { SelectField } from '@web/shared/ui/TextField';
import styles from './LanguageSetting.module.css';

/**
 * Profile → Settings: the interface language (issue 26). It applies at once, without the Save button of the
 * settings below it, and is saved to the account like the header's switch; each language is named in itself.
 */
export const LanguageSetting = () => {
  const { t } = useTranslation('profile');
  const { language, setLanguage } = useLanguage();
  return (
    <SelectField
      label={t('language.title')}
      hint={t('language.hint')}
      value={language}
      fieldClassName={styles.field}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void setLanguage(event.target.value);
      }}
    >
      {LANGUAGES.map((option) => (
        <option key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </option>
      ))}
    </SelectField>
  );
};
