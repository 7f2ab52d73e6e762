import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { errorText } from '@web/shared/api/error-text';
import { buttonClass } from '@web/shared/ui/Button';
import { stackClass } from '@web/shared/ui/Form';
import { useAuth } from '../hooks/useAuth';
import { useVerifyEmail } from '../hooks/useVerifyEmail';
import { FormAlert } from './FormAlert';

/** /verify-email?token=…: opens the mailed link once and says how it went, with the way on. */
export const VerifyEmailResult = () => {
  const { t } = useTranslation('auth', { keyPrefix: 'verification' });
  const [params] = useSearchParams();
  const token = params.get('token');
  const { isSignedIn } = useAuth();
  const { mutate: verify, isSuccess, isError, error, data } = useVerifyEmail();
  // The link works once: the call must not run again when an effect re-runs (Strict Mode).
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify(token);
  }, [token, verify]);

  const failure = !token
    ? t('missingToken')
    : isError
      ? errorText(error, { fallback: t('failed'), network: t('network') })
      : null;
  const done = isSuccess || failure !== null;

  return (
    <div className={stackClass} aria-busy={!done}>
      {/* The server's words: "verified", or "already verified" for a link opened again. */}
      {isSuccess && <FormAlert tone="success" message={data.message || t('verified')} />}
      <FormAlert tone="error" message={failure} />
      {!done && <p role="status">{t('working')}</p>}
      {done && (
        <Link
          to={isSignedIn ? Paths.userDashboard : Paths.userLogin}
          className={buttonClass({ size: 'md', block: true })}
        >
          {isSignedIn ? t('continue') : t('signIn')}
        </Link>
      )}
    </div>
  );
};
