import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthMessages, type ContactMessage, ErrorCode } from '@app/contracts';
import { CaptchaField } from '@web/modules/auth/components/CaptchaField';
import type { CaptchaHandle } from '@web/modules/auth/components/captcha-widgets';
import type { ApiRequestError } from '@web/shared/api/api-request-error';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { asTyped } from '@web/shared/ui/form-check';
import { SelectField, TextAreaField, TextField } from '@web/shared/ui/TextField';
import { type FieldWiring, useFormFields } from '@web/shared/ui/useFormFields';
import { useSendContactMessage } from '../hooks/useSendContactMessage';
import styles from './ContactForm.module.css';

const empty: ContactMessage = {
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
  serviceInterested: '',
  message: '',
};

const SERVICES = ['streaming', 'titles', 'partnerships', 'advertising', 'press', 'other'] as const;

type TextName = Exclude<keyof ContactMessage, 'serviceInterested' | 'message'>;
const textFields: Array<{ name: TextName; type: string; autoComplete: string }> = [
  { name: 'firstName', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'companyName', type: 'text', autoComplete: 'organization' },
];

/**
 * The answers whose own text the form shows instead of SPEC's: the visitor must do something else, solve the
 * captcha again or wait (the contact form takes a few messages an hour from one visitor).
 */
const actionable = (error: ApiRequestError) =>
  error.body.code === ErrorCode.RateLimited || error.body.message === AuthMessages.captchaFailed;

/**
 * SPEC 2 contact form: every field required (browser validation) and a solved captcha (the login forms' widget,
 * issue 14), then loading → success (form cleared) or error. The server spends the captcha either way, so the
 * widget starts over after each answer and the button waits for a new solution.
 */
export const ContactForm = () => {
  const { t } = useTranslation('contact');
  const labels: Record<keyof ContactMessage, string> = {
    firstName: t('firstName'),
    lastName: t('lastName'),
    email: t('email'),
    companyName: t('companyName'),
    serviceInterested: t('serviceInterested'),
    message: t('message'),
  };
  const captcha = useRef<CaptchaHandle>(null);
  const { field, submit, reset } = useFormFields(empty, labels);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const onCaptcha = useCallback((token: string | null) => setCaptchaToken(token), []);
  const send = useSendContactMessage({
    onSuccess: () => {
      reset();
      captcha.current?.reset();
    },
    onError: () => captcha.current?.reset(),
  });

  /** A field wired to its value; an edit clears the last answer's success or failure line. */
  const edited = (name: keyof ContactMessage): FieldWiring => {
    const wiring = field(name);
    return {
      ...wiring,
      onChange: (event) => {
        if (send.isSuccess || send.isError) send.reset();
        wiring.onChange(event);
      },
    };
  };

  // Every field is required: the browser checks them (no noValidate) before this runs.
  const onSubmit = submit(asTyped, (input) => {
    if (!captchaToken || send.isPending) return;
    send.mutate({ ...input, recaptchaToken: captchaToken });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="contact-heading">
      <h2 id="contact-heading">{t('heading')}</h2>
      <div className={styles.row}>
        {textFields.map(({ name, type, autoComplete }) => (
          <TextField key={name} {...edited(name)} type={type} autoComplete={autoComplete} required />
        ))}
      </div>
      <SelectField {...edited('serviceInterested')} required>
        <option value="" disabled>
          —
        </option>
        {/* The choice is sent in English (support reads the messages), shown in the language of the page. */}
        {SERVICES.map((service) => (
          <option key={service} value={t(`services.${service}`, { lng: 'en' })}>
            {t(`services.${service}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField {...edited('message')} className={styles.message} required />
      <CaptchaField ref={captcha} onChange={onCaptcha} />
      <div className={styles.actions}>
        <Button type="submit" size="lg" disabled={!captchaToken || send.isPending}>
          {send.isPending ? t('sending') : t('send')}
        </Button>
      </div>
      <div aria-live="polite">
        {send.isSuccess && <p className={styles.success}>{t('sent')}</p>}
        {send.isError && (
          <p className={styles.error} role="alert">
            {errorText(send.error, { fallback: t('failed'), showServerText: actionable })}
          </p>
        )}
      </div>
    </form>
  );
};
