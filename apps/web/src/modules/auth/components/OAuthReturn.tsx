import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { stackClass } from '@web/shared/ui/Form';
import { useOAuthExchange } from '../hooks/useOAuthExchange';
import { FormAlert } from './FormAlert';

/** SPEC 9: every OAuth outcome redirects after 1.5 seconds. */
export const OAUTH_REDIRECT_MS = 1500;

/** The outcome's text is named by its key (`oauth.*`), so it follows a change of language while shown. */
type Outcome = { tone: 'success' | 'error'; message: 'success' | 'setPassword' | 'failed'; next: string };

/**
 * SPEC 2 /oauth-success. `token` carries a one-time code (DECISIONS 18), exchanged here for the session;
 * a user without a password is sent to set one.
 */
export const OAuthReturn = () => {
  const { t } = useTranslation('auth', { keyPrefix: 'oauth' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('token');
  const [outcome, setOutcome] = useState<Outcome | null>(
    code ? null : { tone: 'error', message: 'failed', next: Paths.login },
  );
  const { mutate: exchangeCode } = useOAuthExchange({
    onSuccess: ({ user }) =>
      setOutcome(
        user.hasPassword
          ? { tone: 'success', message: 'success', next: Paths.whoIsWatching }
          : { tone: 'success', message: 'setPassword', next: Paths.setPassword },
      ),
    onError: () => setOutcome({ tone: 'error', message: 'failed', next: Paths.login }),
  });
  // The code works once: the exchange must not run again when an effect re-runs (Strict Mode).
  const exchanged = useRef(false);

  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    exchangeCode(code);
  }, [code, exchangeCode]);

  useEffect(() => {
    if (!outcome) return undefined;
    const timer = setTimeout(() => void navigate(outcome.next, { replace: true }), OAUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <div className={stackClass} aria-busy={!outcome}>
      {outcome ? (
        <FormAlert tone={outcome.tone} message={t(outcome.message)} />
      ) : (
        <p role="status">{t('working')}</p>
      )}
    </div>
  );
};
