import { PageShell } from '@web/modules/layout/components/PageShell';
import { PaymentSuccess } from '@web/modules/payments/components/PaymentSuccess';
import { paymentStrings } from '@web/modules/payments/strings';
import { pageStrings } from './strings';

/** /payment-success (SPEC 2, DECISIONS 31). */
export const PaymentSuccessPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(paymentStrings.paymentSuccessful)}</title>
    <PaymentSuccess />
  </PageShell>
);
