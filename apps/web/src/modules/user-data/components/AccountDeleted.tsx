import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { buttonClass } from '@web/shared/ui/Button';
import { PageTitle } from '@web/shared/ui/PageTitle';
import styles from './PrivacyTab.module.css';

/** /account-deleted: where deleting the account lands, saying it is done and what was kept (DECISIONS 32). */
export const AccountDeleted = () => {
  const { t } = useTranslation('userData');
  return (
    <div className={styles.stack}>
      <PageTitle>{t('accountDeletedTitle')}</PageTitle>
      <p className={styles.muted}>{t('accountDeletedText')}</p>
      <div>
        <Link to={Paths.landing} className={buttonClass()}>
          {t('accountDeletedHome')}
        </Link>
      </div>
    </div>
  );
};
