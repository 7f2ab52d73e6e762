import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, Languages, type Language, storeLanguage } from './languages';

/** The interface language and its switch: the choice is kept on this device (issue 26). */
export const useLanguage = () => {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : Languages.English;
  const setLanguage = useCallback(
    async (next: Language) => {
      storeLanguage(next);
      // Loads the namespaces in use in the new language before switching: no flash of missing texts.
      await i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { language, setLanguage };
};
