import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { ForgotPasswordFlow } from '@web/modules/auth/components/ForgotPasswordFlow';
import { authStrings } from '@web/modules/auth/strings';

/** /forgot-password: SPEC 2 three-step reset. */
export const ForgotPasswordPage = () => (
  <AuthCard
    title={authStrings.forgot.title}
    footer={
      <p>
        <Link to={Paths.userLogin}>{authStrings.forgot.backToLogin}</Link>
      </p>
    }
  >
    <ForgotPasswordFlow />
  </AuthCard>
);
