import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { watchLocation } from '@web/modules/player/watch-route';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { useIsKidsProfile } from '@web/modules/profiles/hooks/useProfiles';
import { formatInr } from '@web/shared/i18n/format';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { type AccessSummary, fallbackEntitlement, summarizeAccess, type TitleRef } from '../access-summary';
import { useEntitlement } from '../hooks/useEntitlement';
import { useNow } from '../hooks/useNow';
import { useSignInFirst, useSignInState } from '../hooks/useSignInFirst';
import { useBillingStateGate } from '../hooks/useBillingProfile';
import { useTitleCheckout } from '../hooks/useTitleCheckout';
import { titleOrigin } from '../title-origin';
import { BillingStateField } from './BillingStateField';
import { CheckoutMessage } from './CheckoutMessage';
import { PromoCodeField } from './PromoCodeField';
import styles from './TitleAccess.module.css';
import { TestModeBadge } from './TestModeBadge';

type TitleAccessProps = {
  movie: TitleRef;
  /** 'page' is /movie/{id} (SPEC's rent box with Rent Now); 'modal' is the detail modal (SPEC's Watch Now (₹1200)). */
  placement: 'page' | 'modal';
  /**
   * Whether the panel offers Watch Now once the viewer may watch (default). A series page leaves it out: its own
   * buttons play the episodes.
   */
  offerPlay?: boolean;
};

/** Live countdowns tick each minute: the shortest unit shown is minutes. */
const TICK_MS = 60_000;

const headingFor = (
  summary: AccessSummary | null,
  signedIn: boolean,
  placement: TitleAccessProps['placement'],
  t: TFunction<'payments'>,
) => {
  if (summary?.kind === 'visitor' || !signedIn) return t('signInToWatch');
  if (placement === 'page' && summary?.kind === 'offer' && summary.ways.rental !== null)
    return t('rentTitle');
  return t('accessHeading');
};

/**
 * The entitlement panel (DECISIONS 6-8, 26, 27): why the viewer can watch this title, or every way in with
 * its price and button. Visitors see how to sign in; while the server cannot answer, the title's own prices
 * stand in, so there is never an error where a way in exists. With payment-service down, a signed-in viewer is
 * also told so above them: a checkout may not start yet, and what they already own cannot be shown.
 */
export const TitleAccess = ({ movie, placement, offerPlay = true }: TitleAccessProps) => {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const { data, isError, error, isFetching, refetch, signedIn } = useEntitlement(movie.id);
  const now = useNow(TICK_MS);
  const origin = titleOrigin(movie.id, movie.title, movie.kind);
  const checkout = useTitleCheckout(movie.id, origin);
  const signInFirst = useSignInFirst();
  const signInState = useSignInState();
  // A kids profile sees no prices and no way to pay (the server refuses a kids session's checkout too): the offer
  // waits until the profile is known.
  const isKids = useIsKidsProfile();
  const checking = !data && !isError;
  const entitlement = data ?? fallbackEntitlement(movie, signedIn);
  const summary = checking ? null : summarizeAccess(entitlement, signedIn, now, t);
  const unavailable = signedIn && !data ? serviceUnavailableText(error, 'payment-service') : null;
  const Heading = placement === 'page' ? 'h2' : 'h3';
  const watch = watchLocation(movie);

  const [promoCode, setPromoCode] = useState('');
  const billingState = useBillingStateGate();
  const [stateError, setStateError] = useState<string | null>(null);
  /** The billing state is asked once, at the first payment (issue 27): saved before the order is made. */
  const payFor = async (kind: 'purchase' | 'rental') => {
    if (!signedIn) return signInFirst();
    if (billingState.missing) return setStateError(t('billingStateNeeded'));
    setStateError(null);
    if (await billingState.ensure()) checkout.pay(kind, promoCode);
  };
  const buy = () => void payFor('purchase');
  const rent = () => void payFor('rental');
  const busy = checkout.busy;
  const processing = (label: string) => (busy ? t('processing') : label);

  const offer = () => {
    if (summary?.kind !== 'offer') return null;
    if (isKids !== false)
      return <p className={styles.line}>{isKids ? t('askGrownUp') : t('accessLoading')}</p>;
    const { planFrom, purchase, rental } = summary.ways;
    return (
      <>
        {summary.status && <p className={styles.status}>{summary.status}</p>}
        <p className={styles.line}>{summary.line}</p>
        {placement === 'page' && rental !== null && (
          <p className={styles.rentFacts}>
            <span>{t('rentHours')}</span>
            <strong className={styles.rentPrice}>{formatInr(rental)}</strong>
          </p>
        )}
        {billingState.needed && (purchase !== null || rental !== null) && (
          <BillingStateField
            label={t('billingStateAsk')}
            value={billingState.state}
            error={stateError}
            onChange={(state) => {
              billingState.setState(state);
              setStateError(null);
            }}
            disabled={busy}
          />
        )}
        {(purchase !== null || rental !== null) && (
          <PromoCodeField value={promoCode} onChange={setPromoCode} disabled={busy} />
        )}
        <div className={placement === 'page' ? styles.stack : styles.row}>
          {placement === 'page' && rental !== null && (
            <Button block onClick={rent} disabled={busy}>
              {processing(t('rentNow'))}
            </Button>
          )}
          {purchase !== null && (
            <Button
              variant={placement === 'modal' ? 'primary' : 'ghost'}
              block={placement === 'page'}
              onClick={buy}
              disabled={busy}
            >
              {processing(
                placement === 'modal'
                  ? t('watchNowPrice', { price: formatInr(purchase) })
                  : t('buy', { price: formatInr(purchase) }),
              )}
            </Button>
          )}
          {placement === 'modal' && rental !== null && (
            <Button variant="ghost" onClick={rent} disabled={busy}>
              {processing(t('rent', { price: formatInr(rental) }))}
            </Button>
          )}
          {planFrom !== null && (
            <Link
              to={Paths.subscription}
              state={origin}
              className={buttonClass({ variant: 'ghost', block: placement === 'page' })}
            >
              {t('subscribeFrom', { price: formatInr(planFrom) })}
            </Link>
          )}
        </div>
        {placement === 'page' && rental !== null && <p className={styles.hint}>{t('rentStartWindow')}</p>}
        <TestModeBadge />
      </>
    );
  };

  return (
    <Card
      as={placement === 'page' ? 'aside' : 'section'}
      padding={placement === 'page' ? 'md' : 'sm'}
      strong
      raised={placement === 'page'}
      className={styles.panel}
      aria-labelledby={headingId}
    >
      <Heading id={headingId} className={styles.heading}>
        {headingFor(summary, signedIn, placement, t)}
      </Heading>
      {unavailable && (
        <ServiceUnavailable message={unavailable} onRetry={() => void refetch()} retrying={isFetching} />
      )}
      {summary === null ? (
        <>
          <p role="status" className={styles.line}>
            {t('accessLoading')}
          </p>
          {placement === 'modal' && isKids !== true && movie.purchasePriceInr !== null && (
            // SPEC's button, held until the answer says whether there is anything to buy.
            <div className={styles.row}>
              <Button disabled>{t('watchNowPrice', { price: formatInr(movie.purchasePriceInr) })}</Button>
            </div>
          )}
        </>
      ) : summary.kind === 'visitor' ? (
        <>
          <p className={styles.line}>{summary.line}</p>
          <div className={placement === 'page' ? styles.stack : styles.row}>
            <Link
              to={Paths.userLogin}
              state={signInState}
              className={buttonClass({ block: placement === 'page' })}
            >
              {t('signIn')}
            </Link>
            <Link
              to={toPath.signup()}
              className={buttonClass({ variant: 'ghost', block: placement === 'page' })}
            >
              {t('join')}
            </Link>
          </div>
        </>
      ) : summary.kind === 'can-watch' ? (
        <>
          <p className={styles.status}>{summary.status}</p>
          {!offerPlay ? null : movie.mediaReady ? (
            <div className={placement === 'page' ? styles.stack : styles.row}>
              <Link
                to={watch.to}
                state={watch.state}
                className={buttonClass({ block: placement === 'page' })}
              >
                {t('watchNow')}
              </Link>
            </div>
          ) : (
            <p className={styles.hint}>{t('comingSoon')}</p>
          )}
        </>
      ) : (
        offer()
      )}
      <CheckoutMessage outcome={checkout.outcome} />
    </Card>
  );
};
