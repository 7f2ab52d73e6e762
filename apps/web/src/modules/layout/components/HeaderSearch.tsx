import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { DASHBOARD_SEARCH_PARAM, Paths, toPath } from '@web/app/paths';
import a11y from '@web/shared/ui/a11y.module.css';
import { controlClass } from '@web/shared/ui/control';
import styles from './SignedInHeader.module.css';

/**
 * The header's search (SPEC 2: the user home's title filter). The term lives in the home's URL
 * (`/userdashboard?q=`): typing elsewhere opens the home with it, typing on the home replaces the entry, and a
 * reload or Back returns to the same search.
 */
export const HeaderSearch = () => {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onHome = pathname === Paths.userDashboard;
  const term = onHome ? (params.get(DASHBOARD_SEARCH_PARAM) ?? '') : '';
  const [value, setValue] = useState(term);
  // The terms this box put in the URL that the URL has not shown yet. The router applies a navigation a moment later
  // (in a transition), so a render in between still has the old term: comparing with what was typed made the box
  // forget the first key on the home (typing "Titanic" searched "itanic").
  const [sent, setSent] = useState<string[]>([]);
  const [seen, setSeen] = useState(term);
  if (term !== seen) {
    setSeen(term);
    const own = sent.indexOf(term);
    if (own >= 0) setSent(sent.slice(own + 1));
    else {
      // The URL moved on its own (Back, a link): the box follows it.
      setSent([]);
      setValue(term);
    }
  }

  const search = (next: string) => {
    setValue(next);
    setSent((pending) => [...pending, next]);
    void navigate(toPath.dashboardSearch(next), { replace: onHome });
  };

  return (
    <label className={styles.search}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.searchIcon}>
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={a11y.visuallyHidden}>{t('header.searchLabel')}</span>
      <input
        type="search"
        className={controlClass({ size: 'sm', pill: true }, styles.searchInput)}
        placeholder={t('header.searchPlaceholder')}
        value={value}
        maxLength={100}
        onChange={(event) => search(event.target.value)}
      />
    </label>
  );
};
