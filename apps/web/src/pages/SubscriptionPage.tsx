import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { PlanPicker } from '@web/modules/payments/components/PlanPicker';

/** /subscription (SPEC 2): open to visitors, who are asked to sign in when they subscribe. */
export const SubscriptionPage = () => {
  const { t } = useTranslation('payments');
  return (
    <PageShell>
      <DocumentTitle title={t('choosePlan')} />
      <PlanPicker />
    </PageShell>
  );
};
