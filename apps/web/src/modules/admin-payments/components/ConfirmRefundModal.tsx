import { useTranslation } from 'react-i18next';
import { formatInr } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import styles from './PaymentsConsole.module.css';

/** What a refund is asked for: a payment of the lists, or one the mismatch report found paid twice. */
export type RefundTarget = { id: string; amountInr: number; duplicate: boolean };

type ConfirmRefundModalProps = {
  payment: RefundTarget;
  refunding: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The confirm step before money goes back: which payment, how much, and what the refund revokes. */
export const ConfirmRefundModal = ({ payment, refunding, onConfirm, onClose }: ConfirmRefundModalProps) => {
  const { t } = useTranslation('adminPayments');
  return (
    <Modal title={t('refundTitle')} onClose={onClose} closeLabel={t('close')} size="sm">
      <p className={styles.confirmText}>
        {t(payment.duplicate ? 'refundDuplicateConfirm' : 'refundConfirm', {
          amount: formatInr(payment.amountInr),
        })}
      </p>
      <p className={styles.confirmId}>
        <code className={styles.code}>{payment.id}</code>
      </p>
      <div className={styles.modalActions}>
        <Button variant="ghost" onClick={onClose}>
          {t('refundCancel')}
        </Button>
        <Button onClick={onConfirm} disabled={refunding}>
          {refunding ? t('refunding') : t('refund')}
        </Button>
      </div>
    </Modal>
  );
};
