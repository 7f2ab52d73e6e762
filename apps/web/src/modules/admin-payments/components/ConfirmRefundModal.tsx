import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { adminPaymentsStrings as texts } from '../strings';
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
export const ConfirmRefundModal = ({ payment, refunding, onConfirm, onClose }: ConfirmRefundModalProps) => (
  <Modal title={texts.refundTitle} onClose={onClose} closeLabel={texts.close} size="sm">
    <p className={styles.confirmText}>
      {(payment.duplicate ? texts.refundDuplicateConfirm : texts.refundConfirm)(
        texts.rupees(payment.amountInr),
      )}
    </p>
    <p className={styles.confirmId}>
      <code className={styles.code}>{payment.id}</code>
    </p>
    <div className={styles.modalActions}>
      <Button variant="ghost" onClick={onClose}>
        {texts.refundCancel}
      </Button>
      <Button onClick={onConfirm} disabled={refunding}>
        {refunding ? texts.refunding : texts.refund}
      </Button>
    </div>
  </Modal>
);
