import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { SignupForm } from '@web/modules/auth/components/SignupForm';

/** /signup: SPEC 2 sign-up, the email prefilled from `?email`; terms and privacy in the footer. */
export const SignupPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('signup.title')}
      lead={t('signup.lead')}
      footer={
        <>
          <p>
            {t('signup.haveAccount')} <Link to={Paths.userLogin}>{t('signup.signInLink')}</Link>
          </p>
          <p>
            {t('signup.legalPrefix')} <Link to={Paths.termsOfUse}>{t('signup.terms')}</Link> {t('signup.and')}{' '}
            <Link to={Paths.privacyPolicy}>{t('signup.privacy')}</Link>
            {t('signup.legalEnd')}
          </p>
        </>
      }
    >
      <SignupForm />
    </AuthCard>
  );
};
