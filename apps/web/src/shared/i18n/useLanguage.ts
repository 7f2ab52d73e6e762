import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareLanguage } from './i18n';
import { announceLanguageChosen } from './language-choice';
import { isLanguage, Languages, type Language, storeLanguage } from './languages';

/**
 * The interface language and its switch: the choice is kept on this device and told to whoever listens (the
 * signed-in account, issue 26). `adoptLanguage` shows a language and keeps it on this device without telling
 * anyone: the account's own, taken at sign-in.
 */
export const useLanguage = () => {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : Languages.English;
  const adoptLanguage = useCallback(
    async (next: Language) => {
      storeLanguage(next);
      // Its font, and the namespaces in use in the new language, before switching: no flash of boxes or missing texts.
      await prepareLanguage(next);
      await i18n.changeLanguage(next);
    },
    [i18n],
  );
  const setLanguage = useCallback(
    async (next: Language) => {
      await adoptLanguage(next);
      announceLanguageChosen(next);
    },
    [adoptLanguage],
  );
  return { language, setLanguage, adoptLanguage };
};
