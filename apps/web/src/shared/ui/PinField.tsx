import { type FormEvent, useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

const PIN_LENGTH = 4;

/** Whether a PIN is whole: 4 digits, as the contracts' PIN schemas say (a profile lock, the parental PIN). */
export const isPin = (pin: string) => new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin);

type PinFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'maxLength' | 'value' | 'onChange'> & {
  value: string;
  onChange: (pin: string) => void;
};

/** A 4-digit PIN, masked; only digits go in, so the field reads like a PIN pad. */
export const PinField = ({ value, onChange, autoComplete = 'off', ...field }: PinFieldProps) => (
  <TextField
    {...field}
    type="password"
    inputMode="numeric"
    autoComplete={autoComplete}
    maxLength={PIN_LENGTH}
    value={value}
    onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
  />
);

/**
 * A form that asks for one PIN and hands it on only when whole (the server alone says whether it is right): the
 * field's value and setter, whether the last try was incomplete, and the form's submit handler.
 */
export const usePinEntry = (onSubmit: (pin: string) => void) => {
  const [pin, setPin] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(!isPin(pin));
    if (isPin(pin)) onSubmit(pin);
  };
  return { pin, setPin, invalid, submit };
};
