import { type FormEvent, useState } from 'react';
import type { ContactMessage } from '@app/contracts';
import { Button } from '@web/shared/ui/Button';
import { SelectField, TextAreaField, TextField } from '@web/shared/ui/TextField';
import { useSendContactMessage } from '../hooks/useSendContactMessage';
import { contactStrings as t } from '../strings';
import styles from './ContactForm.module.css';

const empty: ContactMessage = {
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
  serviceInterested: '',
  message: '',
};

type TextName = Exclude<keyof ContactMessage, 'serviceInterested' | 'message'>;
const textFields: Array<{ name: TextName; label: string; type: string; autoComplete: string }> = [
  { name: 'firstName', label: t.firstName, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: t.lastName, type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: t.email, type: 'email', autoComplete: 'email' },
  { name: 'companyName', label: t.companyName, type: 'text', autoComplete: 'organization' },
];

/** SPEC 2 contact form: every field required (browser validation), then loading → success (form cleared) or error. */
export const ContactForm = () => {
  const [form, setForm] = useState<ContactMessage>(empty);
  const send = useSendContactMessage({ onSuccess: () => setForm(empty) });

  const update = (name: keyof ContactMessage) => (event: { target: { value: string } }) => {
    if (send.isSuccess || send.isError) send.reset();
    setForm((current) => ({ ...current, [name]: event.target.value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(form);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="contact-heading">
      <h2 id="contact-heading">{t.heading}</h2>
      <div className={styles.row}>
        {textFields.map(({ name, label, type, autoComplete }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            type={type}
            autoComplete={autoComplete}
            required
            value={form[name]}
            onChange={update(name)}
          />
        ))}
      </div>
      <SelectField
        label={t.serviceInterested}
        name="serviceInterested"
        required
        value={form.serviceInterested}
        onChange={update('serviceInterested')}
      >
        <option value="" disabled>
          —
        </option>
        {t.services.map((service) => (
          <option key={service}>{service}</option>
        ))}
      </SelectField>
      <TextAreaField
        label={t.message}
        className={styles.message}
        name="message"
        required
        value={form.message}
        onChange={update('message')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? t.sending : t.send}
        </Button>
      </div>
      <div aria-live="polite">
        {send.isSuccess && <p className={styles.success}>{t.sent}</p>}
        {send.isError && (
          <p className={styles.error} role="alert">
            {t.failed}
          </p>
        )}
      </div>
    </form>
  );
};
