import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { SetPasswordForm } from '@web/modules/auth/components/SetPasswordForm';
import { authStrings } from '@web/modules/auth/strings';

/** /set-password: after a Google sign-in without a password. */
export const SetPasswordPage = () => (
  <AuthCard title={authStrings.setPassword.title} lead={authStrings.setPassword.lead}>
    <SetPasswordForm />
  </AuthCard>
);
