import type { Profile } from '@app/contracts';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { useDeleteProfile } from '../hooks/useProfileActions';
import { profileStrings } from '../strings';
import styles from './ManageProfiles.module.css';

const { remove: texts } = profileStrings;

type DeleteProfileModalProps = { profile: Profile; onClose: () => void };

/** Deleting a profile says what goes with it (its data in every service, DECISIONS 32) before it is done. */
export const DeleteProfileModal = ({ profile, onClose }: DeleteProfileModalProps) => {
  const remove = useDeleteProfile({ onSuccess: onClose });
  return (
    <Modal title={texts.title(profile.name)} onClose={onClose} size="sm">
      <div className={styles.confirm}>
        <FormAlert
          tone="error"
          message={remove.isError ? errorText(remove.error, { fallback: texts.failed }) : null}
        />
        <p>{texts.lost(profile.name)}</p>
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(profile.id)}>
            {remove.isPending ? texts.deleting : texts.confirm}
          </Button>
        </div>
      </div>
    </Modal>
  );
};
