import { AuthMessages } from '@app/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { errorText } from '@web/shared/api/error-text';
import { config } from '@web/shared/config/config';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { googleSignInPath } from '../api/auth.api';
import { useLogin } from '../hooks/useLogin';
import { originFrom } from '../origin';
import { checkLogin } from '../validation';
import { CaptchaField } from './CaptchaField';
import type { CaptchaHandle } from './captcha-widgets';
import { EmailField } from './EmailField';
import { verificationSentTo } from '../verification-sent';
import { FormAlert } from './FormAlert';
import styles from './LoginForm.module.css';
import { PasswordField } from '@web/shared/ui/TextField';
import { Form, stackClass } from '@web/shared/ui/Form';
import { useFormFields } from '@web/shared/ui/useFormFields';

type LoginFormProps = { variant: 'user' | 'admin' };

/**
 * SPEC 2 user and admin login. The button waits for a solved captcha and reads 'Logging in...' while
 * submitting; a failure shows the server's message and asks for a fresh captcha, whose token the
 * server has spent.
 */
export const LoginForm = ({ variant }: LoginFormProps) => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const captcha = useRef<CaptchaHandle>(null);
  const { field, submit } = useFormFields(
    { email: '', password: '' },
    { email: t('email'), password: t('password') },
  );
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const onCaptcha = useCallback((token: string | null) => setCaptchaToken(token), []);
  // Just signed up: where the verification link went (DECISIONS 33).
  const sentTo = verificationSentTo(location.state);

  const login = useLogin(variant, {
    onSuccess: ({ user }) => {
      if (user.role === 'admin')
        void navigate(originFrom(location.state) ?? Paths.adminDashboard, { replace: true });
      // "Who's watching?" first (issue 25); it goes on to where sign-in was going, carried in the same state.
      else void navigate(Paths.whoIsWatching, { replace: true, state: location.state });
    },
    onError: () => captcha.current?.reset(),
  });

  const onSubmit = submit(checkLogin(t), (input) => {
    if (!captchaToken || login.isPending) return;
    login.mutate({ ...input, recaptchaToken: captchaToken });
  });

  const error = login.isError
    ? errorText(login.error, { fallback: t('loginFailed'), network: t('loginError') })
    : null;
  // A suspended or banned account cannot fix this by trying again: say who can help.
  const blocked = error === AuthMessages.suspended || error === AuthMessages.banned;

  return (
    <div className={stackClass}>
      <Form onSubmit={onSubmit} noValidate>
        <FormAlert tone="error" message={error} />
        {blocked && (
          <p className={styles.nextStep}>
            {t('blocked.nextStep')} <Link to={Paths.contactUs}>{t('blocked.contactSupport')}</Link>
          </p>
        )}
        <FormAlert tone="success" message={sentTo && t('verification.sentTo', { email: sentTo })} />
        <EmailField {...field('email')} />
        <PasswordField {...field('password')} autoComplete="current-password" />
        {variant === 'user' && (
          <Link to={Paths.forgotPassword} className={styles.forgot}>
            {t('forgotPassword')}
          </Link>
        )}
        <CaptchaField ref={captcha} onChange={onCaptcha} />
        <Button type="submit" size="md" block disabled={!captchaToken || login.isPending}>
          {login.isPending
            ? t('loggingIn')
            : t(variant === 'admin' ? 'adminLogin.submit' : 'userLogin.submit')}
        </Button>
      </Form>
      {variant === 'user' && (
        <>
          <div className={styles.divider}>
            <span>{t('or')}</span>
          </div>
          {/* A full-page navigation: the server redirects to Google and back. */}
          <a
            href={`${config.apiBaseUrl}${googleSignInPath}`}
            className={buttonClass({ variant: 'ghost', size: 'md', block: true })}
          >
            <svg className={styles.google} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="#4285F4"
                d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
              />
              <path
                fill="#34A853"
                d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
              />
              <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
              <path
                fill="#EA4335"
                d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z"
              />
            </svg>
            {t('continueWithGoogle')}
          </a>
        </>
      )}
    </div>
  );
};
