import { type FormEvent, useCallback, useRef, useState } from 'react';
import { AuthMessages, type ContactMessage, ErrorCode } from '@app/contracts';
import { CaptchaField } from '@web/modules/auth/components/CaptchaField';
import type { CaptchaHandle } from '@web/modules/auth/components/captcha-widgets';
import { ApiRequestError } from '@web/shared/api/api-request-error';
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

/**
 * SPEC's failure text, or the server's where the visitor must do something else: solve the captcha again, or wait
 * (the contact form takes a few messages an hour from one visitor).
 */
const failureText = (error: Error | null): string =>
  error instanceof ApiRequestError &&
  error.fromServer &&
  (error.body.code === ErrorCode.RateLimited || error.body.message === AuthMessages.captchaFailed)
    ? error.message
    : t.failed;

/**
 * SPEC 2 contact form: every field required (browser validation) and a solved captcha (the login forms' widget,
 * issue 14), then loading → success (form cleared) or error. The server spends the captcha either way, so the
 * widget starts over after each answer and the button waits for a new solution.
 */
export const ContactForm = () => {
  const captcha = useRef<CaptchaHandle>(null);
  const [form, setForm] = useState<ContactMessage>(empty);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const onCaptcha = useCallback((token: string | null) => setCaptchaToken(token), []);
  const send = useSendContactMessage({
    onSuccess: () => {
      setForm(empty);
      captcha.current?.reset();
    },
    onError: () => captcha.current?.reset(),
  });

  const update = (name: keyof ContactMessage) => (event: { target: { value: string } }) => {
    if (send.isSuccess || send.isError) send.reset();
    setForm((current) => ({ ...current, [name]: event.target.value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!captchaToken || send.isPending) return;
    send.mutate({ ...form, recaptchaToken: captchaToken });
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
      <CaptchaField ref={captcha} onChange={onCaptcha} />
      <div className={styles.actions}>
        <Button type="submit" size="lg" disabled={!captchaToken || send.isPending}>
          {send.isPending ? t.sending : t.send}
        </Button>
      </div>
      <div aria-live="polite">
        {send.isSuccess && <p className={styles.success}>{t.sent}</p>}
        {send.isError && (
          <p className={styles.error} role="alert">
            {failureText(send.error)}
          </p>
        )}
      </div>
    </form>
  );
};
