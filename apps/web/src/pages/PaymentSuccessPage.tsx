import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { PaymentSuccess } from '@web/modules/payments/components/PaymentSuccess';

/** /payment-success (SPEC 2, DECISIONS 31). */
export const PaymentSuccessPage = () => {
  const { t } = useTranslation('payments');
  return (
    <PageShell>
      <DocumentTitle title={t('paymentSuccessful')} />
      <PaymentSuccess />
    </PageShell>
  );
};
