import { useTranslation } from 'react-i18next';
import { useCheckoutConfig } from '../hooks/useCheckoutConfig';
import styles from './TestModeBadge.module.css';

/** Shown wherever Checkout can open while the keys are test keys or the local Razorpay server. */
export const TestModeBadge = () => {
  const { t } = useTranslation('payments');
  const { data } = useCheckoutConfig();
  if (!data?.testMode) return null;
  return (
    <span className={styles.badge} title={t('testModeHint')}>
      {t('testMode')}
    </span>
  );
};
