import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Button } from '@web/shared/ui/Button';
import { useSetPassword } from '../hooks/useSetPassword';
import { authStrings } from '../strings';
import { type FieldErrors, hasErrors, newPasswordError } from '../validation';
import { MutationAlerts } from './FormAlert';
import { OAUTH_REDIRECT_MS } from './OAuthReturn';
import { PasswordField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';

const { setPassword: texts } = authStrings;

/** /set-password (SPEC leaves it undesigned): new password twice; on success to the dashboard. */
export const SetPasswordForm = () => {
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'newPassword' | 'confirmation'>>({});

  const save = useSetPassword();

  useEffect(() => {
    if (!save.isSuccess) return undefined;
    const timer = setTimeout(() => void navigate(Paths.userDashboard, { replace: true }), OAUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [save.isSuccess, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      newPassword: newPasswordError(newPassword, texts.newPassword),
      confirmation: confirmation === newPassword ? undefined : texts.mismatch,
    };
    setErrors(found);
    if (hasErrors(found) || save.isPending || save.isSuccess) return;
    save.mutate({ newPassword });
  };

  return (
    <Form onSubmit={onSubmit} noValidate>
      <MutationAlerts mutation={save} success={texts.success} failed={texts.failed} />
      <PasswordField
        label={texts.newPassword}
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        hint={authStrings.passwordHint(PASSWORD_MIN_LENGTH)}
        error={errors.newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <PasswordField
        label={texts.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <Button type="submit" block disabled={save.isPending || save.isSuccess}>
        {save.isPending ? texts.submitting : texts.submit}
      </Button>
    </Form>
  );
};
