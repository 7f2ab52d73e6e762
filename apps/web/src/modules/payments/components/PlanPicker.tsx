import type { Plan, PlanId, VerifyPaymentResult } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { formatInr } from '@web/shared/i18n/format';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button } from '@web/shared/ui/Button';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { useBillingStateGate } from '../hooks/useBillingProfile';
import { usePlanCheckout } from '../hooks/usePlanCheckout';
import { usePlans } from '../hooks/usePlans';
import { useSignInFirst } from '../hooks/useSignInFirst';
import { paymentOutcome } from '../payment-outcome';
import { planFeatures } from '../plan-features';
import { titleOriginFrom } from '../title-origin';
import { BillingStateField } from './BillingStateField';
import { CheckoutMessage } from './CheckoutMessage';
import { PromoCodeField } from './PromoCodeField';
import styles from './PlanPicker.module.css';
import { TestModeBadge } from './TestModeBadge';
import { TrialOffer } from './TrialOffer';

type PlanCardProps = { plan: Plan; name: string; checked: boolean; onChoose: (id: PlanId) => void };

/** A plan as a native radio: arrow keys move the choice, the whole card is its label. */
const PlanCard = ({ plan, name, checked, onChoose }: PlanCardProps) => {
  const { t } = useTranslation('payments');
  const id = useId();
  return (
    <label className={checked ? `${styles.card} ${styles.chosen}` : styles.card} htmlFor={id}>
      <input
        id={id}
        type="radio"
        name={name}
        value={plan.id}
        checked={checked}
        onChange={() => onChoose(plan.id)}
        className={styles.radio}
        aria-labelledby={`${id}-name ${id}-price ${id}-month`}
        aria-describedby={`${id}-features`}
      />
      <span id={`${id}-name`} className={styles.planName}>
        {plan.name}
      </span>
      <span id={`${id}-price`} className={styles.price}>
        {t('planPrice', { count: plan.months, price: formatInr(plan.priceInr) })}
      </span>
      <span id={`${id}-month`} className={styles.perMonth}>
        {t('perMonth', { amount: formatInr(plan.amountPerMonthInr) })}
      </span>
      <ul id={`${id}-features`} className={styles.features}>
        {planFeatures(plan, t).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </label>
  );
};

const isPlanId = (plans: Plan[], value: string | null): value is PlanId =>
  plans.some((plan) => plan.id === value);

/**
 * /subscription (SPEC 2): 'Choose Your Plan', the server's plan cards as a radio group, and
 * 'Subscribe Now for ₹{price}' (₹0 and disabled until a plan is chosen, 'Processing...' while busy).
 * The choice lives in `?plan=`, so a visitor who signs in first comes back to it.
 */
export const PlanPicker = () => {
  const { t } = useTranslation('payments');
  const { data: plans, isPending, isError, error, refetch, isFetching } = usePlans();
  const unavailable = serviceUnavailableText(error, 'payment-service');
  const [search, setSearch] = useSearchParams();
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signInFirst = useSignInFirst();
  const origin = titleOriginFrom(location.state);
  const groupName = useId();
  const headingId = useId();

  const toSuccess = (result: VerifyPaymentResult) => {
    void navigate(Paths.paymentSuccess, {
      state: paymentOutcome(result, origin ? { from: origin } : undefined),
    });
  };
  const checkout = usePlanCheckout({ onPaid: toSuccess });

  // The router applies `?plan=` in a transition, a moment after the click: until it does, the radio shows the
  // choice just made (a controlled radio would otherwise flip back in between). A later change of the URL wins.
  const planInUrl = search.get('plan');
  const [picked, setPicked] = useState<{ id: PlanId; over: string | null } | null>(null);
  const chosenId = picked && picked.over === planInUrl ? picked.id : planInUrl;
  const chosen = plans && isPlanId(plans, chosenId) ? plans.find((plan) => plan.id === chosenId) : undefined;
  const choose = (id: PlanId) => {
    setPicked({ id, over: planInUrl });
    // Replace, so Back leaves the page rather than stepping through choices; keep the title it came from.
    setSearch({ plan: id }, { replace: true, state: location.state as unknown });
  };

  const [promoCode, setPromoCode] = useState('');
  const billingState = useBillingStateGate();
  const [stateError, setStateError] = useState<string | null>(null);
  const subscribe = async () => {
    if (!chosen) return;
    if (!isSignedIn) {
      signInFirst(`?plan=${chosen.id}`);
      return;
    }
    // The billing state is asked once, at the first payment (issue 27).
    if (billingState.missing) {
      setStateError(t('billingStateNeeded'));
      return;
    }
    setStateError(null);
    if (await billingState.ensure()) checkout.subscribe(chosen, promoCode);
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('choosePlan')}
        lead={origin ? t('forTitle', { title: origin.title }) : t('choosePlanLead')}
      />
      {isPending ? (
        <p role="status" className={styles.notice}>
          {t('plansLoading')}
        </p>
      ) : unavailable ? (
        <ServiceUnavailable message={unavailable} onRetry={() => void refetch()} retrying={isFetching} />
      ) : isError ? (
        <div role="alert" className={styles.notice}>
          <p>{t('plansFailed')}</p>
          <Button variant="ghost" size="sm" disabled={isFetching} onClick={() => void refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          {isSignedIn && <TrialOffer plans={plans} onPaid={toSuccess} />}
          <fieldset className={styles.plans} aria-labelledby={headingId}>
            <legend id={headingId} className={styles.legend}>
              {t('plansLabel')}
            </legend>
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                name={groupName}
                checked={plan.id === chosen?.id}
                onChoose={choose}
              />
            ))}
          </fieldset>
        </>
      )}
      <div className={styles.actions}>
        {billingState.needed && (
          <BillingStateField
            label={t('billingStateAsk')}
            value={billingState.state}
            error={stateError}
            onChange={(state) => {
              billingState.setState(state);
              setStateError(null);
            }}
            disabled={checkout.busy}
          />
        )}
        <PromoCodeField value={promoCode} onChange={setPromoCode} disabled={checkout.busy} />
        <Button
          size="lg"
          disabled={!chosen || checkout.busy}
          onClick={() => void subscribe()}
          aria-busy={checkout.busy}
        >
          {checkout.busy ? t('processing') : t('subscribeNow', { price: formatInr(chosen?.priceInr ?? 0) })}
        </Button>
        {!isSignedIn && <p className={styles.hint}>{t('signInToSubscribe')}</p>}
        <TestModeBadge />
        <CheckoutMessage outcome={checkout.outcome} />
      </div>
    </div>
  );
};
