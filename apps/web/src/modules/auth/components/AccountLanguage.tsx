import { useAccountLanguage } from '../hooks/useAccountLanguage';

/** Keeps the interface language and the signed-in account's together; inside the session's API client. */
export const AccountLanguage = () => {
  useAccountLanguage();
  return null;
};
