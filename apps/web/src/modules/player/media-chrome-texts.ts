import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaChromeDictionary } from './media-chrome-dictionary';

/**
 * Gives media-chrome the interface's language (issue 26: the Hindi player names its controls in Hindi). Its texts
 * are one dictionary per language, read as each control draws itself: set before the controls are created, hence
 * during render (registering the same texts again is harmless); the language it answers goes on the controller's
 * `lang`, which redraws the tooltips after a switch. The speed button's name carries the "1x" it shows (WCAG 2.5.3,
 * label in name), which media-chrome's English leaves out.
 */
export const useMediaChromeTexts = (): string => {
  const { t, i18n } = useTranslation('player');
  const language = i18n.resolvedLanguage ?? i18n.language;
  useMemo(() => {
    addTranslation(language, mediaChromeDictionary(t));
    setLanguage(language);
  }, [language, t]);
  return language;
};
