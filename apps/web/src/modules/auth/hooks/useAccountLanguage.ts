import { useEffect } from 'react';
import { onLanguageChosen } from '@web/shared/i18n/language-choice';
import { isLanguage, readStoredLanguage } from '@web/shared/i18n/languages';
import { useLanguage } from '@web/shared/i18n/useLanguage';
import { useAuth } from './useAuth';
import { useSaveAccountLanguage } from './useSaveAccountLanguage';

/**
 * The interface language and the signed-in account's (issue 26): a switch the signed-in viewer makes is saved to
 * their account (its mails follow it), and a device that has no choice of its own takes the account's at sign-in.
 */
export const useAccountLanguage = () => {
  const { user } = useAuth();
  const { adoptLanguage } = useLanguage();
  const { mutate: save } = useSaveAccountLanguage();
  const accountLanguage = user?.language;
  const signedIn = user !== null;

  useEffect(() => {
    if (!signedIn) return undefined;
    return onLanguageChosen((language) => {
      if (language !== accountLanguage) save({ language });
    });
  }, [signedIn, accountLanguage, save]);

  useEffect(() => {
    if (accountLanguage && !isLanguage(readStoredLanguage())) void adoptLanguage(accountLanguage);
  }, [accountLanguage, adoptLanguage]);
};
