import { useTranslation } from 'react-i18next';
import { errorText } from '@web/shared/api/error-text';
import { useAuth } from '../hooks/useAuth';
import { useResendVerification } from '../hooks/useResendVerification';
import styles from './EmailVerificationNotice.module.css';

/**
 * "Email not verified — Resend" for a signed-in account that has not opened its verification link (DECISIONS 33:
 * it cannot pay until it does). Renders nothing for everyone else.
 */
export const EmailVerificationNotice = () => {
  const { t } = useTranslation('auth', { keyPrefix: 'verification' });
  const { user } = useAuth();
  const resend = useResendVerification();
  if (!user || user.emailVerified !== false) return null;
  if (resend.isSuccess) {
    return (
      <p role="status" className={styles.notice}>
        {t('resent')}
      </p>
    );
  }
  return (
    <p className={styles.notice}>
      <span>{t('notVerified')} —</span>
      <button
        type="button"
        className={styles.resend}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? t('resending') : t('resend')}
      </button>
      {resend.isError && <span role="alert">{errorText(resend.error, { fallback: t('resendFailed') })}</span>}
    </p>
  );
};
