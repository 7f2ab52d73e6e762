import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { Checked } from './form-check';

type Editable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What ties a TextField, SelectField or TextAreaField to one value of the form. */
export type FieldWiring = {
  label: string;
  name: string;
  error: string | undefined;
  value: string;
  onChange: (event: ChangeEvent<Editable>) => void;
};

/**
 * A form's values as typed (text) and its inline errors: the one way every form keeps its fields. `field(name)`
 * wires a field to its value, label and error; `submit(check, send)` checks the values on submit and shows what
 * is wrong, or sends the checked input; `reset()` empties the form again (the initial values, no errors).
 * When `send` answers a promise, the form sends nothing more until it settles: a double click submits twice
 * before a Save button disabled while saving is rendered so, and the second submit is dropped here.
 */
export const useFormFields = <Values extends Record<string, string>, Field extends keyof Values & string>(
  initial: Values,
  labels: Record<Field, string>,
) => {
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const sending = useRef(false);

  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const field = (name: Field): FieldWiring => ({
    label: labels[name],
    name,
    error: errors[name],
    value: values[name],
    onChange: (event) => set(name, event.target.value as Values[Field]),
  });

  const submit =
    <Input>(
      check: (values: Values) => Checked<Input, Field>,
      send: (input: Input) => void | Promise<unknown>,
    ) =>
    (event: FormEvent) => {
      event.preventDefault();
      if (sending.current) return;
      const result = check(values);
      setErrors('errors' in result ? result.errors : {});
      if (!('input' in result)) return;
      const sent = send(result.input);
      if (!(sent instanceof Promise)) return;
      sending.current = true;
      const release = () => {
        sending.current = false;
      };
      void sent.then(release, release);
    };

  const reset = () => {
    setValues(start);
    setErrors({});
  };

  return { values, set, field, submit, reset };
};
