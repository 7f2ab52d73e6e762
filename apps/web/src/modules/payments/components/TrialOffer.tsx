import type { Plan, VerifyPaymentResult } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import { useTrialCheckout, useTrialOffer } from '../hooks/useTrial';
import { CheckoutMessage } from './CheckoutMessage';
import styles from './PlanPicker.module.css';

type TrialOfferProps = { plans: Plan[]; onPaid: (result: VerifyPaymentResult) => void };

/** The plans page's free-trial offer (issue 27), shown only to an account the server says may take it. */
export const TrialOffer = ({ plans, onPaid }: TrialOfferProps) => {
  const { t } = useTranslation('payments');
  const { data: offer } = useTrialOffer();
  const checkout = useTrialCheckout({ onPaid });
  const plan = plans.find((candidate) => candidate.id === offer?.planId);
  if (!offer?.eligible || !plan) return null;
  return (
    <Card
      as="section"
      padding="md"
      strong
      className={styles.trial}
      aria-label={t('trialTitle', { count: offer.days, plan: plan.name })}
    >
      <h2 className={styles.trialTitle}>{t('trialTitle', { count: offer.days, plan: plan.name })}</h2>
      <p className={styles.hint}>
        {t('trialLead', { count: plan.months, plan: plan.name, price: formatInr(plan.priceInr) })}
      </p>
      <div>
        <Button disabled={checkout.busy} onClick={checkout.start} aria-busy={checkout.busy}>
          {checkout.busy ? t('processing') : t('startTrial')}
        </Button>
      </div>
      <CheckoutMessage outcome={checkout.outcome} />
    </Card>
  );
};
