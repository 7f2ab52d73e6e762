import type { User } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { PasswordField } from '@web/shared/ui/TextField';
import { useDeleteAccount } from '../hooks/useDataRights';
import { userDataStrings as texts } from '../strings';
import styles from './PrivacyTab.module.css';

type DeleteAccountModalProps = { user: User; onClose: () => void };

/**
 * Confirms "Delete my account" (DECISIONS 32): with the password when the account has one; a Google-only
 * account confirms without one and the server asks for a recent sign-in instead. The server's refusal
 * ('Password is incorrect', 'Please sign in again…') is shown here; success signs out and goes to /.
 */
export const DeleteAccountModal = ({ user, onClose }: DeleteAccountModalProps) => {
  const remove = useDeleteAccount(user.id);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user.hasPassword && !password) {
      setMissing(true);
      return;
    }
    remove.mutate(user.hasPassword ? { password } : {});
  };

  return (
    <Modal title={texts.deleteConfirmTitle} onClose={onClose} size="sm">
      <Form onSubmit={submit} noValidate>
        <p className={styles.text}>{texts.deleteConfirmText}</p>
        {user.hasPassword ? (
          <PasswordField
            label={texts.deletePasswordLabel}
            name="password"
            autoComplete="current-password"
            value={password}
            error={missing ? texts.deletePasswordRequired : null}
            onChange={(event) => {
              setPassword(event.target.value);
              setMissing(false);
            }}
          />
        ) : (
          <p className={styles.muted}>{texts.deleteFreshSignIn}</p>
        )}
        {remove.isError && (
          <FormAlert tone="error" message={errorText(remove.error, { fallback: texts.deleteFailed })} />
        )}
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? texts.deleting : texts.deleteConfirm}
          </Button>
        </div>
      </Form>
    </Modal>
  );
};
