import { Link, useLocation } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { buttonClass } from '@web/shared/ui/Button';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { paymentStrings as texts } from '../strings';
import { titleOriginFrom } from '../title-origin';
import styles from './PaymentSuccess.module.css';

/** /payment-success (SPEC 2, DECISIONS 31): a way home and, when the payment began on a title, back to it. */
export const PaymentSuccess = () => {
  const origin = titleOriginFrom(useLocation().state);
  return (
    <div className={styles.panel}>
      <span className={styles.mark} aria-hidden="true">
        ✓
      </span>
      <PageTitle>{texts.paymentSuccessful}</PageTitle>
      <p className={styles.lead}>{texts.paymentSuccessLead}</p>
      <div className={styles.actions}>
        {origin && (
          <Link
            to={origin.kind === 'series' ? toPath.series(origin.movieId) : toPath.movie(origin.movieId)}
            className={buttonClass({ size: 'lg' })}
          >
            {texts.continueWatching(origin.title)}
          </Link>
        )}
        <Link
          to={Paths.userDashboard}
          className={buttonClass({ variant: origin ? 'ghost' : 'primary', size: 'lg' })}
        >
          {texts.goHome}
        </Link>
      </div>
    </div>
  );
};
