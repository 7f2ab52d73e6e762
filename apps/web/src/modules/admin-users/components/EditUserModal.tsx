import type { UpdateUserRequest, User, UserStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { checkUserChanges, userFormLabels, userFormValuesOf } from '../user-form';
import styles from './ManageUsers.module.css';

type EditUserModalProps = {
  user: User;
  saving: boolean;
  onSave: (changes: UpdateUserRequest) => void;
  onClose: () => void;
};

const STATUSES: UserStatus[] = ['active', 'suspended', 'banned'];

/** SPEC 2 Edit User Profile: username, email, status; only what changed is sent. */
export const EditUserModal = ({ user, saving, onSave, onClose }: EditUserModalProps) => {
  const { t } = useTranslation('adminUsers');
  const { field, submit } = useFormFields(userFormValuesOf(user), userFormLabels(t));
  const onSubmit = submit((values) => checkUserChanges(values, user), onSave);

  return (
    <Modal title={t('editTitle')} onClose={onClose} closeLabel={t('close')} size="sm">
      <Form onSubmit={onSubmit}>
        <TextField {...field('username')} />
        <TextField {...field('email')} type="email" />
        <SelectField {...field('status')}>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`statuses.${value}`)}
            </option>
          ))}
        </SelectField>
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('saving') : t('save')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
};
