import type { Profile } from '@app/contracts';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { PinField, usePinEntry } from '@web/shared/ui/PinField';
import { profileStrings } from '../strings';

const { pin: texts, chooser } = profileStrings;

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
  const { pin, setPin, invalid, submit } = usePinEntry(onSubmit);
  return (
    <Modal title={texts.title(profile.name)} onClose={onClose} size="sm">
      <Form onSubmit={submit} noValidate>
        <FormAlert tone="error" message={error} />
        <PinField
          label={texts.label}
          hint={texts.hint}
          error={invalid ? texts.invalid : null}
          value={pin}
          onChange={setPin}
          autoFocus
        />
        <Button type="submit" block disabled={busy}>
          {busy ? chooser.opening : texts.submit}
        </Button>
      </Form>
    </Modal>
  );
};
