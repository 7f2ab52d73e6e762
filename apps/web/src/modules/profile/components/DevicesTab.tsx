import type { Device } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { formatDate } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { useDevices, useSignOutDevice, useSignOutOtherDevices } from '../hooks/useDevices';
import styles from './DevicesTab.module.css';

const seen = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** What the confirmation asks about: one device, or every other one. */
type Confirming = { device: Device } | 'others' | null;

const DeviceRow = ({ device, onSignOut }: { device: Device; onSignOut: () => void }) => {
  const { t } = useTranslation('devices');
  return (
    <li className={styles.device}>
      <div className={styles.details}>
        <p className={styles.label}>
          {device.label}
          {device.current && <span className={styles.badge}>{t('thisDevice')}</span>}
        </p>
        <p className={styles.muted}>{t('firstSeen', { when: seen(device.firstSeenAt) })}</p>
        <p className={styles.muted}>{t('lastSeen', { when: seen(device.lastSeenAt) })}</p>
      </div>
      {!device.current && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('signOutLabel', { label: device.label })}
          onClick={onSignOut}
        >
          {t('signOut')}
        </Button>
      )}
    </li>
  );
};

/** Profile → Devices (issue 27): every signed-in device, this one marked; sign out one (confirmed) or all others. */
export const DevicesTab = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('devices');
  const devices = useDevices(userId);
  const signOut = useSignOutDevice(userId);
  const signOutOthers = useSignOutOtherDevices(userId);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const pending = signOut.isPending || signOutOthers.isPending;
  const failed = signOut.error ?? signOutOthers.error;

  if (devices.isPending)
    return (
      <p role="status" className={styles.muted}>
        {t('loading')}
      </p>
    );
  if (devices.isError)
    return (
      <div role="alert" className={styles.stack}>
        <p className={styles.muted}>{t('loadFailed')}</p>
        <div>
          <Button variant="ghost" size="sm" onClick={() => void devices.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      </div>
    );

  const list = devices.data.data;
  const hasOthers = list.some((device) => !device.current);
  const confirm = () => {
    const done = { onSettled: () => setConfirming(null) };
    if (confirming === 'others') signOutOthers.mutate(undefined, done);
    else if (confirming) signOut.mutate(confirming.device.id, done);
  };

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('lead')}</p>
      <ul className={styles.list} aria-label={t('listLabel')}>
        {list.map((device) => (
          <DeviceRow key={device.id} device={device} onSignOut={() => setConfirming({ device })} />
        ))}
      </ul>
      {failed && <FormAlert tone="error" message={errorText(failed, { fallback: t('signOutFailed') })} />}
      {hasOthers ? (
        <div>
          <Button variant="danger" onClick={() => setConfirming('others')}>
            {t('signOutOthers')}
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{t('onlyThisDevice')}</p>
      )}
      {confirming && (
        <Modal
          title={confirming === 'others' ? t('confirmOthersTitle') : t('confirmTitle')}
          onClose={() => setConfirming(null)}
          size="sm"
        >
          <p className={styles.text}>
            {confirming === 'others'
              ? t('confirmOthersText')
              : t('confirmText', { label: confirming.device.label })}
          </p>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {t('cancel')}
            </Button>
            <Button variant="danger" disabled={pending} onClick={confirm}>
              {pending ? t('signingOut') : t('confirm')}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
};
