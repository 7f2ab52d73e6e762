import type { Device } from '@app/contracts';
import { useState } from 'react';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { useDevices, useSignOutDevice, useSignOutOtherDevices } from '../hooks/useDevices';
import { deviceStrings as texts } from '../strings';
import styles from './DevicesTab.module.css';

const seenFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const seen = (iso: string) => seenFormat.format(new Date(iso));

/** What the confirmation asks about: one device, or every other one. */
type Confirming = { device: Device } | 'others' | null;

const DeviceRow = ({ device, onSignOut }: { device: Device; onSignOut: () => void }) => (
  <li className={styles.device}>
    <div className={styles.details}>
      <p className={styles.label}>
        {device.label}
        {device.current && <span className={styles.badge}>{texts.thisDevice}</span>}
      </p>
      <p className={styles.muted}>{texts.firstSeen(seen(device.firstSeenAt))}</p>
      <p className={styles.muted}>{texts.lastSeen(seen(device.lastSeenAt))}</p>
    </div>
    {!device.current && (
      <Button variant="ghost" size="sm" aria-label={texts.signOutLabel(device.label)} onClick={onSignOut}>
        {texts.signOut}
      </Button>
    )}
  </li>
);

/** Profile → Devices (issue 27): every signed-in device, this one marked; sign out one (confirmed) or all others. */
export const DevicesTab = ({ userId }: { userId: string }) => {
  const devices = useDevices(userId);
  const signOut = useSignOutDevice(userId);
  const signOutOthers = useSignOutOtherDevices(userId);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const pending = signOut.isPending || signOutOthers.isPending;
  const failed = signOut.error ?? signOutOthers.error;

  if (devices.isPending)
    return (
      <p role="status" className={styles.muted}>
        {texts.loading}
      </p>
    );
  if (devices.isError)
    return (
      <div role="alert" className={styles.stack}>
        <p className={styles.muted}>{texts.loadFailed}</p>
        <div>
          <Button variant="ghost" size="sm" onClick={() => void devices.refetch()}>
            {texts.tryAgain}
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
      <p className={styles.muted}>{texts.lead}</p>
      <ul className={styles.list} aria-label={texts.listLabel}>
        {list.map((device) => (
          <DeviceRow key={device.id} device={device} onSignOut={() => setConfirming({ device })} />
        ))}
      </ul>
      {failed && <FormAlert tone="error" message={errorText(failed, { fallback: texts.signOutFailed })} />}
      {hasOthers ? (
        <div>
          <Button variant="danger" onClick={() => setConfirming('others')}>
            {texts.signOutOthers}
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{texts.onlyThisDevice}</p>
      )}
      {confirming && (
        <Modal
          title={confirming === 'others' ? texts.confirmOthersTitle : texts.confirmTitle}
          onClose={() => setConfirming(null)}
          size="sm"
        >
          <p className={styles.text}>
            {confirming === 'others' ? texts.confirmOthersText : texts.confirmText(confirming.device.label)}
          </p>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {texts.cancel}
            </Button>
            <Button variant="danger" disabled={pending} onClick={confirm}>
              {pending ? texts.signingOut : texts.confirm}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
};
