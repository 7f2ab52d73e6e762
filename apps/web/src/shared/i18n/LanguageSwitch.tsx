import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, Languages } from './languages';
import styles from './LanguageSwitch.module.css';
import { useLanguage } from './useLanguage';

const GlobeIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <g fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </g>
  </svg>
);

/** Where a header has no room for the language's name: phones (below 30rem) or also tablets (below 40rem). */
export type IconOnlyBelow = 'phone' | 'tablet';

const ICON_ONLY: Record<IconOnlyBelow, string | undefined> = {
  phone: styles.iconOnlyPhone,
  tablet: styles.iconOnlyTablet,
};

/**
 * The interface language switch of the headers (issue 26): shows the other language, named in itself ("हिन्दी"
 * while English is shown), and switches to it. Below `iconOnlyBelow` it shows only its globe; its name stays in
 * the accessible label.
 */
export const LanguageSwitch = ({ iconOnlyBelow }: { iconOnlyBelow?: IconOnlyBelow }) => {
  const { t } = useTranslation('ui');
  const { language, setLanguage } = useLanguage();
  const other = language === Languages.Hindi ? Languages.English : Languages.Hindi;
  const label = t('switchLanguage', { language: LANGUAGE_NAMES[other] });
  return (
    <button
      type="button"
      className={iconOnlyBelow ? `${styles.switch} ${ICON_ONLY[iconOnlyBelow]}` : styles.switch}
      onClick={() => void setLanguage(other)}
      aria-label={label}
      title={label}
    >
      <GlobeIcon />
      <span lang={other}>{LANGUAGE_NAMES[other]}</span>
    </button>
  );
};
