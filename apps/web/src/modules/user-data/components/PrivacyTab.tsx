import type { User } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { useDownloadMyData } from '../hooks/useDataRights';
import { DeleteAccountModal } from './DeleteAccountModal';
import styles from './PrivacyTab.module.css';

/** The viewer's data rights (DECISIONS 32, India's DPDP Act): download a copy of their data, delete the account. */
export const PrivacyTab = ({ user }: { user: User }) => {
  const { t } = useTranslation('userData');
  const download = useDownloadMyData(user.id);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('privacyLead')}</p>
      <section className={styles.section} aria-labelledby="privacy-download">
        <h3 id="privacy-download" className={styles.heading}>
          {t('downloadTitle')}
        </h3>
        <p className={styles.muted}>{t('downloadLead')}</p>
        <div>
          <Button variant="ghost" disabled={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? t('downloading') : t('downloadMyData')}
          </Button>
        </div>
        {download.isSuccess && <FormAlert tone="success" message={t('downloadReady')} />}
        {download.isError && <FormAlert tone="error" message={t('downloadFailed')} />}
      </section>
      <section className={`${styles.section} ${styles.danger}`} aria-labelledby="privacy-delete">
        <h3 id="privacy-delete" className={styles.heading}>
          {t('deleteTitle')}
        </h3>
        <p className={styles.muted}>{t('deleteLead')}</p>
        <div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('deleteMyAccount')}
          </Button>
        </div>
      </section>
      {deleting && <DeleteAccountModal user={user} onClose={() => setDeleting(false)} />}
    </div>
  );
};
