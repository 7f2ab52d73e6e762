import { useTranslation } from 'react-i18next';
import { oppositeTheme, Themes } from './theme';
import { useTheme } from './ThemeProvider';
import styles from './ThemeToggle.module.css';

const SunIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="4.5" fill="currentColor" />
    <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
    </g>
  </svg>
);

const MoonIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a.6.6 0 0 0-.8-.7A9.5 9.5 0 1 0 21.2 15.4a.6.6 0 0 0-.7-.8z"
    />
  </svg>
);

/** Shows the theme it switches to: a sun while dark, a moon while light. */
export const ThemeToggle = () => {
  const { t } = useTranslation('theme');
  const { theme, toggleTheme } = useTheme();
  const label = oppositeTheme(theme) === Themes.Light ? t('switchToLight') : t('switchToDark');
  return (
    <button type="button" className={styles.toggle} onClick={toggleTheme} aria-label={label} title={label}>
      {theme === Themes.Dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
};
