import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { LoginForm } from '@web/modules/auth/components/LoginForm';
import { authStrings } from '@web/modules/auth/strings';

/** /userlogin and /login (the Watch Now target): SPEC 2 user sign-in. */
export const UserLoginPage = () => (
  <AuthCard
    title={authStrings.userLogin.title}
    lead={authStrings.userLogin.lead}
    footer={
      <p>
        {authStrings.newHere} <Link to={Paths.signup}>{authStrings.signUpLink}</Link>
      </p>
    }
  >
    <LoginForm variant="user" />
  </AuthCard>
);
