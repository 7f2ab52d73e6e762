import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { errorText } from '@web/shared/api/error-text';
import { buttonClass } from '@web/shared/ui/Button';
import { stackClass } from '@web/shared/ui/Form';
import { useAuth } from '../hooks/useAuth';
import { useVerifyEmail } from '../hooks/useVerifyEmail';
import { authStrings } from '../strings';
import { FormAlert } from './FormAlert';

const { verification: texts } = authStrings;

/** /verify-email?token=…: opens the mailed link once and says how it went, with the way on. */
export const VerifyEmailResult = () => {
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
    ? texts.missingToken
    : isError
      ? errorText(error, { fallback: texts.failed, network: texts.network })
      : null;
  const done = isSuccess || failure !== null;

  return (
    <div className={stackClass} aria-busy={!done}>
      {/* The server's words: "verified", or "already verified" for a link opened again. */}
      {isSuccess && <FormAlert tone="success" message={data.message || texts.verified} />}
      <FormAlert tone="error" message={failure} />
      {!done && <p role="status">{texts.working}</p>}
      {done && (
        <Link
          to={isSignedIn ? Paths.userDashboard : Paths.userLogin}
          className={buttonClass({ size: 'md', block: true })}
        >
          {isSignedIn ? texts.continue : texts.signIn}
        </Link>
      )}
    </div>
  );
};
