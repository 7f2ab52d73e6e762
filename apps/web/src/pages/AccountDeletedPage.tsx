import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { AccountDeleted } from '@web/modules/user-data/components/AccountDeleted';

/** /account-deleted (issue 24): the confirmation a deleted account lands on. */
export const AccountDeletedPage = () => {
  const { t } = useTranslation('userData');
  return (
    <PageShell>
      <DocumentTitle title={t('accountDeletedTitle')} />
      <AccountDeleted />
    </PageShell>
  );
};
