import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { buttonClass } from '@web/shared/ui/Button';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { paidKindFrom } from '../payment-outcome';
import { titleOriginFrom } from '../title-origin';
import styles from './PaymentSuccess.module.css';

/**
 * Where /payment-success sends a viewer who opened it without a payment just verified (a bookmark, a typed URL):
 * their subscription and titles on the profile, or the plans for a visitor.
 */
export const NO_PAYMENT_TARGET = {
  signedIn: `${Paths.userProfile}?tab=subscription`,
  visitor: Paths.subscription,
};

/**
 * /payment-success (SPEC 2, DECISIONS 31): shown only for a payment the checkout has just verified (it hands the
 * page which, in router state); a way home and, when the payment began on a title, back to it.
 */
export const PaymentSuccess = () => {
  const { t } = useTranslation('payments');
  const { state } = useLocation();
  const { isSignedIn } = useAuth();
  const origin = titleOriginFrom(state);
  if (!paidKindFrom(state))
    return <Navigate to={isSignedIn ? NO_PAYMENT_TARGET.signedIn : NO_PAYMENT_TARGET.visitor} replace />;
  return (
    <div className={styles.panel}>
      <span className={styles.mark} aria-hidden="true">
        ✓
      </span>
      <PageTitle>{t('paymentSuccessful')}</PageTitle>
      <p className={styles.lead}>{t('paymentSuccessLead')}</p>
      <div className={styles.actions}>
        {origin && (
          <Link
            to={origin.kind === 'series' ? toPath.series(origin.movieId) : toPath.movie(origin.movieId)}
            className={buttonClass({ size: 'lg' })}
          >
            {t('continueWatching', { title: origin.title })}
          </Link>
        )}
        <Link
          to={Paths.userDashboard}
          className={buttonClass({ variant: origin ? 'ghost' : 'primary', size: 'lg' })}
        >
          {t('goHome')}
        </Link>
      </div>
    </div>
  );
};
