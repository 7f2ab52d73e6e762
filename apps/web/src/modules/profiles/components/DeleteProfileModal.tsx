import type { Profile } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { useDeleteProfile } from '../hooks/useProfileActions';
import styles from './ManageProfiles.module.css';

type DeleteProfileModalProps = { profile: Profile; onClose: () => void };

/** Deleting a profile says what goes with it (its data in every service, DECISIONS 32) before it is done. */
export const DeleteProfileModal = ({ profile, onClose }: DeleteProfileModalProps) => {
  const { t } = useTranslation('profiles');
  const remove = useDeleteProfile({ onSuccess: onClose });
  return (
    <Modal title={t('remove.title', { name: profile.name })} onClose={onClose} size="sm">
      <div className={styles.confirm}>
        <FormAlert
          tone="error"
          message={remove.isError ? errorText(remove.error, { fallback: t('remove.failed') }) : null}
        />
        <p>{t('remove.lost', { name: profile.name })}</p>
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('remove.cancel')}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(profile.id)}>
            {remove.isPending ? t('remove.deleting') : t('remove.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
};
