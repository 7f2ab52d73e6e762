import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@web/shared/ui/TextField';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'>;

/** The account email input of every auth form: one label, keyboard and autofill hint. */
export const EmailField = (props: EmailFieldProps) => {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      {...props}
    />
  );
};
