import { GST_STATES, type GstStateCode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@web/shared/ui/TextField';

const STATES = Object.entries(GST_STATES).sort(([, a], [, b]) => a.localeCompare(b)) as Array<
  [GstStateCode, string]
>;

type BillingStateFieldProps = {
  label: string;
  value: GstStateCode | '';
  onChange: (state: GstStateCode | '') => void;
  error?: string | null;
  disabled?: boolean;
};

/** India's states and union territories by name, as GST numbers them. */
export const BillingStateField = ({ label, value, onChange, error, disabled }: BillingStateFieldProps) => {
  const { t } = useTranslation('payments');
  return (
    <SelectField
      label={label}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(event) =>
        onChange((STATES.find(([code]) => code === event.target.value)?.[0] ?? '') as GstStateCode | '')
      }
    >
      <option value="">{t('chooseState')}</option>
      {STATES.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
};
