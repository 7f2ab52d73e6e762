import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Button } from '@web/shared/ui/Button';
import { CheckboxField } from '@web/shared/ui/CheckboxField';
import { useSetPassword } from '../hooks/useSetPassword';
import { checkSetPassword } from '../validation';
import { MutationAlerts } from './FormAlert';
import { OAUTH_REDIRECT_MS } from './OAuthReturn';
import { PasswordField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';
import { useFormFields } from '@web/shared/ui/useFormFields';

/**
 * /set-password (SPEC leaves it undesigned): new password twice, and whether to sign out every other device (issue
 * 27); on success to the dashboard.
 */
export const SetPasswordForm = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { field, submit } = useFormFields(
    { newPassword: '', confirmPassword: '' },
    { newPassword: t('setPassword.newPassword'), confirmPassword: t('setPassword.confirmPassword') },
  );

  const save = useSetPassword();
  const [signOutOthers, setSignOutOthers] = useState(false);

  useEffect(() => {
    if (!save.isSuccess) return undefined;
    const timer = setTimeout(() => void navigate(Paths.userDashboard, { replace: true }), OAUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [save.isSuccess, navigate]);

  const onSubmit = submit(checkSetPassword(t), (input) => {
    if (save.isPending || save.isSuccess) return;
    save.mutate(signOutOthers ? { ...input, signOutOthers } : input);
  });

  return (
    <Form onSubmit={onSubmit} noValidate>
      <MutationAlerts mutation={save} success={t('setPassword.success')} failed={t('setPassword.failed')} />
      <PasswordField
        {...field('newPassword')}
        autoComplete="new-password"
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField {...field('confirmPassword')} autoComplete="new-password" />
      <CheckboxField
        label={t('setPassword.signOutOthers')}
        checked={signOutOthers}
        onChange={setSignOutOthers}
      />
      <Button type="submit" block disabled={save.isPending || save.isSuccess}>
        {save.isPending ? t('setPassword.submitting') : t('setPassword.submit')}
      </Button>
    </Form>
  );
};
