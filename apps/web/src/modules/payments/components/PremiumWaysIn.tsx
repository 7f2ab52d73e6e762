import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { watchLocation } from '@web/modules/player/watch-route';
import { useIsKidsProfile } from '@web/modules/profiles/hooks/useProfiles';
import { formatInr } from '@web/shared/i18n/format';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { fallbackEntitlement, summarizeAccess, type TitleRef } from '../access-summary';
import { useEntitlement } from '../hooks/useEntitlement';
import { useNow } from '../hooks/useNow';
import { useTitleCheckout } from '../hooks/useTitleCheckout';
import { titleOrigin } from '../title-origin';
import { CheckoutMessage } from './CheckoutMessage';
import styles from './TitleAccess.module.css';
import { TestModeBadge } from './TestModeBadge';

type PremiumWaysInProps = {
  movie: TitleRef;
  /** SPEC's "View Subscription Plans" text for the plans' way in. */
  plansLabel: string;
  /** The way out beside the ways in ("Maybe Later"). */
  dismiss: ReactNode;
};

/**
 * The premium modal's ways in (DECISIONS 8, 27), from the entitlement answer: the plans that include the title
 * ("View Subscription Plans", keeping the title to come back to), Buy and Rent with their prices, each paid here and
 * ending on /payment-success, which leads back to the title. If the answer says the viewer can watch, Watch Now.
 */
export const PremiumWaysIn = ({ movie, plansLabel, dismiss }: PremiumWaysInProps) => {
  const { t } = useTranslation('payments');
  const { data, signedIn } = useEntitlement(movie.id);
  const now = useNow(60_000);
  const origin = titleOrigin(movie.id, movie.title, movie.kind);
  const checkout = useTitleCheckout(movie.id, origin);
  const summary = summarizeAccess(data ?? fallbackEntitlement(movie, signedIn), signedIn, now, t);
  const isKids = useIsKidsProfile();
  const busy = checkout.busy;
  const processing = (label: string) => (busy ? t('processing') : label);

  if (summary.kind === 'can-watch') {
    const watch = watchLocation(movie);
    return (
      <>
        <p className={styles.status}>{summary.status}</p>
        <div className={styles.row}>
          <Link to={watch.to} state={watch.state} className={buttonClass()}>
            {t('watchNow')}
          </Link>
          {dismiss}
        </div>
        <CheckoutMessage outcome={checkout.outcome} />
      </>
    );
  }
  // A kids profile sees no prices and no way to pay (issue 25; the server refuses a kids session's checkout too),
  // and none shows before the profile is known.
  if (isKids !== false)
    return (
      <>
        <p className={styles.line}>{isKids ? t('askGrownUp') : t('accessLoading')}</p>
        <div className={styles.row}>{dismiss}</div>
      </>
    );
  const { purchase, rental } = summary.ways;
  return (
    <>
      <p className={styles.line}>{summary.line}</p>
      <div className={styles.row}>
        <Link to={Paths.subscription} state={origin} className={buttonClass()}>
          {plansLabel}
        </Link>
        {purchase !== null && (
          <Button variant="ghost" disabled={busy} onClick={() => checkout.pay('purchase')}>
            {processing(t('buy', { price: formatInr(purchase) }))}
          </Button>
        )}
        {rental !== null && (
          <Button variant="ghost" disabled={busy} onClick={() => checkout.pay('rental')}>
            {processing(t('rent', { price: formatInr(rental) }))}
          </Button>
        )}
        {dismiss}
      </div>
      <TestModeBadge />
      <CheckoutMessage outcome={checkout.outcome} />
    </>
  );
};
