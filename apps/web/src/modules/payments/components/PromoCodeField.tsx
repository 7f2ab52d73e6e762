import { useTranslation } from 'react-i18next';
import { TextField } from '@web/shared/ui/TextField';

type PromoCodeFieldProps = { value: string; onChange: (code: string) => void; disabled?: boolean };

/** Issue 27: the one promo code box (titles and plans): what is typed goes to the server, which applies it or says why not. */
export const PromoCodeField = ({ value, onChange, disabled }: PromoCodeFieldProps) => {
  const { t } = useTranslation('payments');
  return (
    <TextField
      label={t('promoLabel')}
      hint={t('promoHint')}
      name="promoCode"
      autoComplete="off"
      spellCheck={false}
      maxLength={20}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value.toUpperCase())}
    />
  );
};
