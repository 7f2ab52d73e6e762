import type { Plan, SubscriptionView } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { formatInr } from '@web/shared/i18n/format';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import { Modal } from '@web/shared/ui/Modal';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { formatPaymentDate } from '../format-date';
import { usePlanCheckout } from '../hooks/usePlanCheckout';
import { usePlans } from '../hooks/usePlans';
import { useCancelSubscription, useChangePlan, useSubscription } from '../hooks/useSubscription';
import { paymentOutcome } from '../payment-outcome';
import { CheckoutMessage } from './CheckoutMessage';
import styles from './SubscriptionTab.module.css';
import { TestModeBadge } from './TestModeBadge';

type UserProps = { userId: string };

/** 'No active subscription.' with one 'Subscribe to {plan}' button per plan (SPEC 2). */
const NoSubscription = ({ plans }: { plans: Plan[] }) => {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const checkout = usePlanCheckout({
    onPaid: (result) => void navigate(Paths.paymentSuccess, { state: paymentOutcome(result) }),
  });
  return (
    <div className={styles.stack}>
      <p className={styles.empty}>{t('noSubscription')}</p>
      <ul className={styles.planList}>
        {plans.map((plan) => (
          <li key={plan.id}>
            <Card padding="sm" className={styles.planRow}>
              <span>
                <strong>{plan.name}</strong>{' '}
                <span className={styles.muted}>
                  {t('planPrice', { count: plan.months, price: formatInr(plan.priceInr) })}
                </span>
              </span>
              <Button size="sm" disabled={checkout.busy} onClick={() => checkout.subscribe(plan)}>
                {t('subscribeTo', { plan: plan.name })}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      {checkout.busy && <p className={styles.muted}>{t('processing')}</p>}
      <TestModeBadge />
      <CheckoutMessage outcome={checkout.outcome} />
    </div>
  );
};

type ConfirmCancelProps = { accessUntil: string; onConfirm: () => void; onKeep: () => void };

/** Cancelling asks first, and says what stays: access until the end of the paid period (DECISIONS 4). */
const ConfirmCancel = ({ accessUntil, onConfirm, onKeep }: ConfirmCancelProps) => {
  const { t } = useTranslation('payments');
  return (
    <Modal title={t('cancelConfirmTitle')} onClose={onKeep} size="sm">
      <div className={styles.stack}>
        {accessUntil && <p className={styles.confirmLine}>{t('cancelKeepsAccess', { date: accessUntil })}</p>}
        <p className={styles.muted}>{t('cancelNoRenewal')}</p>
        <div className={styles.actions}>
          <Button variant="danger" onClick={onConfirm}>
            {t('cancelSubscription')}
          </Button>
          <Button variant="ghost" onClick={onKeep}>
            {t('keepSubscription')}
          </Button>
        </div>
      </div>
    </Modal>
  );
};

type CurrentPlanProps = UserProps & { view: SubscriptionView; plans: Plan[] };

const CurrentPlan = ({ userId, view, plans }: CurrentPlanProps) => {
  const { t } = useTranslation('payments');
  const [changing, setChanging] = useState(false);
  const change = useChangePlan(userId);
  const cancel = useCancelSubscription(userId);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [cancelDone, setCancelDone] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const plan = plans.find((candidate) => candidate.id === view.planId);
  const perMonth = plan?.amountPerMonthInr ?? view.amountPerMonthInr;
  const renewing = view.activeUntil === null && view.status !== 'cancelled';
  const billingLine = view.activeUntil
    ? t('activeUntil', { date: formatPaymentDate(view.activeUntil) })
    : formatPaymentDate(view.nextBilling);

  const cancelNow = () => {
    setConfirming(false);
    setCancelError(null);
    setCancelDone(false);
    cancel.mutate(undefined, {
      onSuccess: () => setCancelDone(true),
      onError: () => setCancelError(t('cancelFailed')),
    });
  };

  return (
    <div className={styles.stack}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('currentPlan')}</dt>
          <dd className={styles.planName}>{view.planName}</dd>
        </div>
        <div>
          <dt>{t('amountPerMonth')}</dt>
          <dd>{t('perMonthShort', { amount: formatInr(perMonth) })}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>
            <span className={view.status === 'active' ? styles.active : styles.otherStatus}>
              {t(`statuses.${view.status}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{view.activeUntil ? t('access') : t('nextBilling')}</dt>
          <dd>{billingLine || '—'}</dd>
        </div>
      </dl>
      {view.trialEndsAt && (
        <p className={styles.notice}>{t('trialUntil', { date: formatPaymentDate(view.trialEndsAt) })}</p>
      )}
      {view.scheduledChange && (
        <p className={styles.notice}>
          {t('changesTo', {
            plan: view.scheduledChange.planName,
            date: formatPaymentDate(view.scheduledChange.startsAt),
          })}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="ghost"
          aria-expanded={changing}
          aria-controls="change-plan-list"
          onClick={() => setChanging((open) => !open)}
        >
          {changing ? t('hidePlans') : t('changePlan')}
        </Button>
        {renewing && (
          <Button variant="danger" disabled={cancel.isPending} onClick={() => setConfirming(true)}>
            {cancel.isPending ? t('cancelling') : t('cancelSubscription')}
          </Button>
        )}
      </div>
      {confirming && (
        <ConfirmCancel
          accessUntil={formatPaymentDate(view.currentEnd ?? view.nextBilling)}
          onConfirm={cancelNow}
          onKeep={() => setConfirming(false)}
        />
      )}
      {changing && (
        <div id="change-plan-list" className={styles.stack}>
          <h3 className={styles.subheading}>{t('plansToChange')}</h3>
          <p className={styles.muted}>{t('changeStartsNote')}</p>
          <ul className={styles.planList}>
            {plans.map((option) => {
              const current = option.id === view.planId;
              return (
                <li key={option.id}>
                  <Card padding="sm" className={styles.planRow}>
                    <span>
                      <strong>{option.name}</strong>{' '}
                      <span className={styles.muted}>
                        {t('planPrice', { count: option.months, price: formatInr(option.priceInr) })} ·{' '}
                        {t('perMonthShort', { amount: formatInr(option.amountPerMonthInr) })}
                      </span>
                    </span>
                    {current ? (
                      <span className={styles.currentBadge}>{t('currentPlanBadge')}</span>
                    ) : (
                      <Button size="sm" disabled={change.busy} onClick={() => change.change(option.id)}>
                        {change.busy ? t('processing') : t('choose', { plan: option.name })}
                      </Button>
                    )}
                  </Card>
                </li>
              );
            })}
          </ul>
          <TestModeBadge />
        </div>
      )}
      <CheckoutMessage outcome={change.outcome} />
      <CheckoutMessage
        outcome={
          cancelError
            ? { tone: 'error', message: cancelError }
            : cancelDone
              ? { tone: 'info', message: t('cancelled') }
              : null
        }
      />
    </div>
  );
};

/** The profile's Subscription tab (SPEC 2; DECISIONS 1, 4, 15, 28). */
export const SubscriptionTab = ({ userId }: UserProps) => {
  const { t } = useTranslation('payments');
  const subscription = useSubscription(userId);
  const plans = usePlans();
  if (subscription.isPending || plans.isPending)
    return (
      <p role="status" className={styles.muted}>
        {t('subscriptionLoading')}
      </p>
    );
  const retry = () => void Promise.all([subscription.refetch(), plans.refetch()]);
  const unavailable = serviceUnavailableText(subscription.error ?? plans.error, 'payment-service');
  if (unavailable)
    return (
      <ServiceUnavailable
        message={unavailable}
        onRetry={retry}
        retrying={subscription.isFetching || plans.isFetching}
      />
    );
  if (subscription.isError || plans.isError)
    return (
      <div role="alert" className={styles.stack}>
        <p className={styles.muted}>{t('subscriptionFailed')}</p>
        <Button variant="ghost" size="sm" onClick={retry}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  return subscription.data ? (
    <CurrentPlan userId={userId} view={subscription.data} plans={plans.data} />
  ) : (
    <NoSubscription plans={plans.data} />
  );
};
