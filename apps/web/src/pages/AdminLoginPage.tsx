import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { LoginForm } from '@web/modules/auth/components/LoginForm';
import { authStrings } from '@web/modules/auth/strings';

/** /adminlogin: SPEC 2 admin sign-in. */
export const AdminLoginPage = () => (
  <AuthCard
    title={authStrings.adminLogin.title}
    lead={authStrings.adminLogin.lead}
    footer={
      <p>
        <Link to={Paths.userLogin}>{authStrings.userSignInLink}</Link>
      </p>
    }
  >
    <LoginForm variant="admin" />
  </AuthCard>
);
