import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/shared/ui/Button';
import { cardClass } from '@web/shared/ui/Card';
import { type CookiePreferences, readCookiePreferences, storeCookiePreferences } from '../cookie-preferences';
import styles from './CookiePreferencesForm.module.css';

type ToggleProps = { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void };

const Toggle = ({ label, hint, checked, onChange }: ToggleProps) => {
  const hintId = useId();
  return (
    <label className={cardClass({ padding: 'none' }, styles.toggle)}>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
};

/** Two toggles with SPEC 9's defaults, saved in this browser (DECISIONS 21). */
export const CookiePreferencesForm = () => {
  const { t } = useTranslation('company');
  const [preferences, setPreferences] = useState<CookiePreferences>(readCookiePreferences);
  const [saved, setSaved] = useState(false);

  const change = (next: Partial<CookiePreferences>) => {
    setPreferences((current) => ({ ...current, ...next }));
    setSaved(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(storeCookiePreferences(preferences));
  };

  return (
    <form className={styles.form} onSubmit={save}>
      <Toggle
        label={t('analyticsLabel')}
        hint={t('analyticsHint')}
        checked={preferences.analytics}
        onChange={(analytics) => change({ analytics })}
      />
      <Toggle
        label={t('marketingLabel')}
        hint={t('marketingHint')}
        checked={preferences.marketing}
        onChange={(marketing) => change({ marketing })}
      />
      <div className={styles.actions}>
        <Button type="submit">{t('savePreferences')}</Button>
        <p role="status" className={styles.status}>
          {saved ? t('preferencesSaved') : ''}
        </p>
      </div>
    </form>
  );
};
