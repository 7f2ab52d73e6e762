import { PageShell } from '@web/modules/layout/components/PageShell';
import { AccountDeleted } from '@web/modules/user-data/components/AccountDeleted';
import { userDataStrings } from '@web/modules/user-data/strings';
import { pageStrings } from './strings';

/** /account-deleted (issue 24): the confirmation a deleted account lands on. */
export const AccountDeletedPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(userDataStrings.accountDeletedTitle)}</title>
    <AccountDeleted />
  </PageShell>
);
