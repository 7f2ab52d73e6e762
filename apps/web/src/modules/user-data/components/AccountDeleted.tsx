import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { buttonClass } from '@web/shared/ui/Button';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { userDataStrings as texts } from '../strings';
import styles from './PrivacyTab.module.css';

/** /account-deleted: where deleting the account lands, saying it is done and what was kept (DECISIONS 32). */
export const AccountDeleted = () => (
  <div className={styles.stack}>
    <PageTitle>{texts.accountDeletedTitle}</PageTitle>
    <p className={styles.muted}>{texts.accountDeletedText}</p>
    <div>
      <Link to={Paths.landing} className={buttonClass()}>
        {texts.accountDeletedHome}
      </Link>
    </div>
  </div>
);
