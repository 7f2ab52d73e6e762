import { useResendVerification } from '@web/modules/auth/hooks/useResendVerification';
import { authStrings } from '@web/modules/auth/strings';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import type { CheckoutOutcome } from '../hooks/useCheckout';
import styles from './CheckoutMessage.module.css';

const { verification: verifyTexts } = authStrings;

/** "Resend": the verification mail again, so the viewer can verify and then pay (DECISIONS 33). */
const ResendVerification = () => {
  const resend = useResendVerification();
  if (resend.isSuccess) return <span className={styles.aside}>{verifyTexts.resent}</span>;
  // 409: verified meanwhile (another tab, the mail's link): paying again will go through.
  if (resend.error instanceof ApiRequestError && resend.error.status === 409)
    return <span className={styles.aside}>{verifyTexts.verified}</span>;
  return (
    <>
      <button
        type="button"
        className={styles.resend}
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? verifyTexts.resending : verifyTexts.resend}
      </button>
      {resend.isError && <span className={styles.aside}>{verifyTexts.resendFailed}</span>}
    </>
  );
};

/**
 * What the last payment came to. Both live regions stay in the page so screen readers hear what is added:
 * errors as alerts, the rest politely. An unverified account's refusal comes with "Resend".
 */
export const CheckoutMessage = ({ outcome }: { outcome: CheckoutOutcome }) => (
  <>
    <p role="alert" className={`${styles.message} ${styles.error}`}>
      {outcome?.tone === 'error' ? outcome.message : ''}
      {outcome?.tone === 'error' && outcome.action === 'resend-verification' && (
        <>
          {' '}
          <ResendVerification />
        </>
      )}
    </p>
    <p role="status" className={`${styles.message} ${outcome?.tone === 'success' ? styles.success : ''}`}>
      {outcome && outcome.tone !== 'error' ? outcome.message : ''}
    </p>
  </>
);
