import { PageShell } from '@web/modules/layout/components/PageShell';
import { PlanPicker } from '@web/modules/payments/components/PlanPicker';
import { paymentStrings } from '@web/modules/payments/strings';
import { pageStrings } from './strings';

/** /subscription (SPEC 2): open to visitors, who are asked to sign in when they subscribe. */
export const SubscriptionPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(paymentStrings.choosePlan)}</title>
    <PlanPicker />
  </PageShell>
);
