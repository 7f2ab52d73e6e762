import type { Profile } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { PinField, usePinEntry } from '@web/shared/ui/PinField';

type PinDialogProps = {
  profile: Profile;
  /** The server's refusal (a wrong PIN with the tries left, the wait), shown as it said it. */
  error: string | null;
  busy: boolean;
  onSubmit: (pin: string) => void;
  onClose: () => void;
};

/** A locked profile's PIN: four digits, sent to the server, which alone knows whether they are right. */
export const PinDialog = ({ profile, error, busy, onSubmit, onClose }: PinDialogProps) => {
  const { t } = useTranslation('profiles');
  const { pin, setPin, invalid, submit } = usePinEntry(onSubmit);
  return (
    <Modal title={t('pin.title', { name: profile.name })} onClose={onClose} size="sm">
      <Form onSubmit={submit} noValidate>
        <FormAlert tone="error" message={error} />
        <PinField
          label={t('pin.label')}
          hint={t('pin.hint')}
          error={invalid ? t('pin.invalid') : null}
          value={pin}
          onChange={setPin}
          autoFocus
        />
        <Button type="submit" block disabled={busy}>
          {busy ? t('chooser.opening') : t('pin.submit')}
        </Button>
      </Form>
    </Modal>
  );
};
