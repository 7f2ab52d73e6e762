import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import styles from './ManageUsers.module.css';

type ConfirmRemoveModalProps = {
  username: string;
  removing: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** SPEC 5: removing a user asks 'Are you sure you want to remove this user?'. */
export const ConfirmRemoveModal = ({ username, removing, onConfirm, onClose }: ConfirmRemoveModalProps) => {
  const { t } = useTranslation('adminUsers');
  return (
    <Modal title={t('confirmTitle')} onClose={onClose} closeLabel={t('close')} size="sm">
      <p className={styles.confirmText}>{t('confirmRemove')}</p>
      <p className={styles.confirmName}>{username}</p>
      <div className={styles.modalActions}>
        <Button variant="ghost" onClick={onClose}>
          {t('cancel')}
        </Button>
        <button type="button" className={`${buttonClass()}`} onClick={onConfirm} disabled={removing}>
          {t('remove')}
        </button>
      </div>
    </Modal>
  );
};
