import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toPath } from '@web/app/paths';
import a11y from '@web/shared/ui/a11y.module.css';
import { Button } from '@web/shared/ui/Button';
import { controlClass } from '@web/shared/ui/control';
import { landingStrings } from '../strings';
import styles from './GetStartedForm.module.css';

/** Email box + Get Started: goes to sign-up, carrying the email only when one was typed (SPEC 2). */
export const GetStartedForm = () => {
  const [email, setEmail] = useState('');
  const navigate = useNavigate();
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(toPath.signup(email));
  };

  return (
    // noValidate: sign-up checks the address; here any text is carried over as typed.
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.prompt}>{landingStrings.getStartedPrompt}</p>
      <div className={styles.row}>
        <label htmlFor={inputId} className={a11y.visuallyHidden}>
          {landingStrings.emailLabel}
        </label>
        <input
          id={inputId}
          className={controlClass({}, styles.input)}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={landingStrings.emailPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" size="lg" className={styles.submit}>
          {landingStrings.getStarted}
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
