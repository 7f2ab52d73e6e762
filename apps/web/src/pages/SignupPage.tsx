import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { SignupForm } from '@web/modules/auth/components/SignupForm';
import { authStrings } from '@web/modules/auth/strings';

const { signup: texts } = authStrings;

/** /signup: SPEC 2 sign-up, the email prefilled from `?email`; terms and privacy in the footer. */
export const SignupPage = () => (
  <AuthCard
    title={texts.title}
    lead={texts.lead}
    footer={
      <>
        <p>
          {texts.haveAccount} <Link to={Paths.userLogin}>{texts.signInLink}</Link>
        </p>
        <p>
          {texts.legalPrefix} <Link to={Paths.termsOfUse}>{texts.terms}</Link> {texts.and}{' '}
          <Link to={Paths.privacyPolicy}>{texts.privacy}</Link>.
        </p>
      </>
    }
  >
    <SignupForm />
  </AuthCard>
);
