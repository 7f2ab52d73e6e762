import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toPath } from '@web/app/paths';
import a11y from '@web/shared/ui/a11y.module.css';
import { Button } from '@web/shared/ui/Button';
import { controlClass } from '@web/shared/ui/control';
import { asTyped } from '@web/shared/ui/form-check';
import { useFormFields } from '@web/shared/ui/useFormFields';
import styles from './GetStartedForm.module.css';

/** Email box + Get Started: goes to sign-up, carrying the email only when one was typed (SPEC 2). */
export const GetStartedForm = () => {
  const { t } = useTranslation('landing');
  const { field, submit } = useFormFields({ email: '' }, { email: t('emailLabel') });
  const navigate = useNavigate();
  const inputId = useId();
  const email = field('email');

  const onSubmit = submit(asTyped, (input) => void navigate(toPath.signup(input.email)));

  return (
    // noValidate: sign-up checks the address; here any text is carried over as typed.
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.prompt}>{t('getStartedPrompt')}</p>
      <div className={styles.row}>
        <label htmlFor={inputId} className={a11y.visuallyHidden}>
          {email.label}
        </label>
        <input
          id={inputId}
          className={controlClass({}, styles.input)}
          type="email"
          name={email.name}
          autoComplete="email"
          inputMode="email"
          placeholder={t('emailPlaceholder')}
          value={email.value}
          onChange={email.onChange}
        />
        <Button type="submit" size="lg" className={styles.submit}>
          {t('getStarted')}
          <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M9 5l7 7-7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Button>
      </div>
    </form>
  );
};
