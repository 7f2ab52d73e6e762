import { Button, buttonClass } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { adminUsersStrings as texts } from '../strings';
import styles from './ManageUsers.module.css';

type ConfirmRemoveModalProps = {
  username: string;
  removing: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** SPEC 5: removing a user asks 'Are you sure you want to remove this user?'. */
export const ConfirmRemoveModal = ({ username, removing, onConfirm, onClose }: ConfirmRemoveModalProps) => (
  <Modal title={texts.confirmTitle} onClose={onClose} closeLabel={texts.close} size="sm">
    <p className={styles.confirmText}>{texts.confirmRemove}</p>
    <p className={styles.confirmName}>{username}</p>
    <div className={styles.modalActions}>
      <Button variant="ghost" onClick={onClose}>
        {texts.cancel}
      </Button>
      <button type="button" className={`${buttonClass()}`} onClick={onConfirm} disabled={removing}>
        {texts.remove}
      </button>
    </div>
  </Modal>
);
