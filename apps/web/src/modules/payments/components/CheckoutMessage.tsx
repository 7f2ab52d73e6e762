import type { CheckoutOutcome } from '../hooks/useCheckout';
import styles from './CheckoutMessage.module.css';

/**
 * What the last payment came to. Both live regions stay in the page so screen readers hear what is added:
 * errors as alerts, the rest politely.
 */
export const CheckoutMessage = ({ outcome }: { outcome: CheckoutOutcome }) => (
  <>
    <p role="alert" className={`${styles.message} ${styles.error}`}>
      {outcome?.tone === 'error' ? outcome.message : ''}
    </p>
    <p role="status" className={`${styles.message} ${outcome?.tone === 'success' ? styles.success : ''}`}>
      {outcome && outcome.tone !== 'error' ? outcome.message : ''}
    </p>
  </>
);
