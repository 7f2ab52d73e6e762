import { PageShell } from '@web/modules/layout/components/PageShell';
import { PlanPicker } from '@web/modules/payments/components/PlanPicker';
import { paymentStrings } from '@web/modules/payments/strings';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { pageStrings } from './strings';

/** /subscription (SPEC 2): open to visitors, who are asked to sign in when they subscribe. */
export const SubscriptionPage = () => {
  const { isSignedIn } = useAuth();
  return (
    <PageShell showSignIn={!isSignedIn}>
      <title>{pageStrings.documentTitle(paymentStrings.choosePlan)}</title>
      <PlanPicker />
    </PageShell>
  );
};
