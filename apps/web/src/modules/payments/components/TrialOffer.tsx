import type { Plan, VerifyPaymentResult } from '@app/contracts';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import { useTrialCheckout, useTrialOffer } from '../hooks/useTrial';
import { paymentStrings as texts } from '../strings';
import { CheckoutMessage } from './CheckoutMessage';
import styles from './PlanPicker.module.css';

type TrialOfferProps = { plans: Plan[]; onPaid: (result: VerifyPaymentResult) => void };

/** The plans page's free-trial offer (issue 27), shown only to an account the server says may take it. */
export const TrialOffer = ({ plans, onPaid }: TrialOfferProps) => {
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
      aria-label={texts.trialTitle(offer.days, plan.name)}
    >
      <h2 className={styles.trialTitle}>{texts.trialTitle(offer.days, plan.name)}</h2>
      <p className={styles.hint}>{texts.trialLead(plan.name, plan.priceInr, plan.months)}</p>
      <div>
        <Button disabled={checkout.busy} onClick={checkout.start} aria-busy={checkout.busy}>
          {checkout.busy ? texts.processing : texts.startTrial}
        </Button>
      </div>
      <CheckoutMessage outcome={checkout.outcome} />
    </Card>
  );
};
