import type { User } from '@app/contracts';
import { useState } from 'react';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { useDownloadMyData } from '../hooks/useDataRights';
import { userDataStrings as texts } from '../strings';
import { DeleteAccountModal } from './DeleteAccountModal';
import styles from './PrivacyTab.module.css';

/** The viewer's data rights (DECISIONS 32, India's DPDP Act): download a copy of their data, delete the account. */
export const PrivacyTab = ({ user }: { user: User }) => {
  const download = useDownloadMyData(user.id);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{texts.privacyLead}</p>
      <section className={styles.section} aria-labelledby="privacy-download">
        <h3 id="privacy-download" className={styles.heading}>
          {texts.downloadTitle}
        </h3>
        <p className={styles.muted}>{texts.downloadLead}</p>
        <div>
          <Button variant="ghost" disabled={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? texts.downloading : texts.downloadMyData}
          </Button>
        </div>
        {download.isSuccess && <FormAlert tone="success" message={texts.downloadReady} />}
        {download.isError && <FormAlert tone="error" message={texts.downloadFailed} />}
      </section>
      <section className={`${styles.section} ${styles.danger}`} aria-labelledby="privacy-delete">
        <h3 id="privacy-delete" className={styles.heading}>
          {texts.deleteTitle}
        </h3>
        <p className={styles.muted}>{texts.deleteLead}</p>
        <div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {texts.deleteMyAccount}
          </Button>
        </div>
      </section>
      {deleting && <DeleteAccountModal user={user} onClose={() => setDeleting(false)} />}
    </div>
  );
};
