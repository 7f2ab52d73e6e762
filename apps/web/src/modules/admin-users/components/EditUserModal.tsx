import { type UpdateUserRequest, type User, type UserStatus } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import { adminUsersStrings as texts } from '../strings';
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
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [status, setStatus] = useState<UserStatus>(user.status ?? 'active');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes: UpdateUserRequest = {};
    if (username.trim() !== user.username) changes.username = username.trim();
    if (email.trim() !== user.email) changes.email = email.trim();
    if (status !== user.status) changes.status = status;
    onSave(changes);
  };

  return (
    <Modal title={texts.editTitle} onClose={onClose} closeLabel={texts.close} size="sm">
      <Form onSubmit={onSubmit}>
        <TextField
          label={texts.username}
          name="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label={texts.email}
          type="email"
          name="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          label={texts.status}
          name="status"
          value={status}
          onChange={(event) => setStatus(event.target.value as UserStatus)}
        >
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {texts.statuses[value]}
            </option>
          ))}
        </SelectField>
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? texts.saving : texts.save}
          </Button>
        </div>
      </Form>
    </Modal>
  );
};
