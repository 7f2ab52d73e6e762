import { useCheckoutConfig } from '../hooks/useCheckoutConfig';
import { paymentStrings as texts } from '../strings';
import styles from './TestModeBadge.module.css';

/** Shown wherever Checkout can open while the keys are test keys or the local Razorpay server. */
export const TestModeBadge = () => {
  const { data } = useCheckoutConfig();
  if (!data?.testMode) return null;
  return (
    <span className={styles.badge} title={texts.testModeHint}>
      {texts.testMode}
    </span>
  );
};
