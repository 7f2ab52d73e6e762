import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/shared/ui/Button';
import styles from './ManageSeries.module.css';

type ConfirmActionProps = {
  label: string;
  confirmLabel: string;
  /** Names what the buttons act on ("Season 2") where several such buttons share a region. */
  subject?: string;
  /** What else goes with it ("Its 8 episodes go with it."), said beside the confirm button. */
  warning?: string | null;
  busy: boolean;
  onConfirm: () => void;
};

/** A destructive action asked twice: the button, then Confirm / Cancel in its place. */
export const ConfirmAction = ({
  label,
  confirmLabel,
  subject,
  warning,
  busy,
  onConfirm,
}: ConfirmActionProps) => {
  const { t } = useTranslation('adminSeries');
  const [confirming, setConfirming] = useState(false);
  const named = (text: string) => (subject ? `${text} ${subject}` : undefined);
  if (!confirming)
    return (
      <Button variant="ghost" size="sm" aria-label={named(label)} onClick={() => setConfirming(true)}>
        {label}
      </Button>
    );
  return (
    <span className={styles.confirm}>
      {warning && <span className={styles.warning}>{warning}</span>}
      <Button
        variant="danger"
        size="sm"
        aria-label={named(confirmLabel)}
        disabled={busy}
        onClick={() => {
          setConfirming(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
        {t('cancel')}
      </Button>
    </span>
  );
};
