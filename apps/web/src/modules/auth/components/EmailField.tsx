import { TextField, type TextFieldProps } from '@web/shared/ui/TextField';
import { authStrings } from '../strings';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'>;

/** The account email input of every auth form: one label, keyboard and autofill hint. */
export const EmailField = (props: EmailFieldProps) => (
  <TextField
    label={authStrings.email}
    type="email"
    name="email"
    autoComplete="email"
    inputMode="email"
    {...props}
  />
);
