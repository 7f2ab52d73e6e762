import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { useForgotPassword } from '../hooks/useForgotPassword';
import { useResetPassword } from '../hooks/useResetPassword';
import { useVerifyOtp } from '../hooks/useVerifyOtp';
import { checkForgotEmail, checkForgotOtp, checkForgotPassword } from '../validation';
import styles from './ForgotPasswordFlow.module.css';
import { EmailField } from './EmailField';
import { FormAlert } from './FormAlert';
import { PasswordField, TextField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';
import { useFormFields } from '@web/shared/ui/useFormFields';

type Step = 'email' | 'otp' | 'password';
const STEPS: Step[] = ['email', 'otp', 'password'];

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * SPEC 2 password reset in three steps: email, OTP, new password. A failed step stays put with the
 * server's message; success goes back to step 1 with the success message.
 */
export const ForgotPasswordFlow = () => {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>('email');
  const { values, set, field, submit } = useFormFields(
    { email: '', otp: '', newPassword: '' },
    { email: t('email'), otp: t('forgot.otp'), newPassword: t('forgot.newPassword') },
  );
  const [outcome, setOutcome] = useState<Outcome>(null);

  const fail = (fallback: string) => (error: unknown) =>
    setOutcome({ tone: 'error', message: errorText(error, { fallback }) });

  const sendOtp = useForgotPassword({
    onSuccess: ({ message }) => {
      setOutcome({ tone: 'success', message: message || t('forgot.sent') });
      set('otp', '');
      setStep('otp');
    },
    onError: fail(t('forgot.sendFailed')),
  });
  const verifyOtp = useVerifyOtp({
    onSuccess: ({ message }) => {
      setOutcome({ tone: 'success', message: message || t('forgot.verified') });
      setStep('password');
    },
    onError: fail(t('forgot.otpFailed')),
  });
  const reset = useResetPassword({
    onSuccess: ({ message }) => {
      setOutcome({ tone: 'success', message: message || t('forgot.done') });
      set('otp', '');
      set('newPassword', '');
      setStep('email');
    },
    onError: fail(t('forgot.resetFailed')),
  });

  /** Each step checks its own field, then sends with the outcome of the last step cleared. */
  const onSubmit =
    step === 'email'
      ? submit(checkForgotEmail(t), (input) => {
          setOutcome(null);
          sendOtp.mutate(input);
        })
      : step === 'otp'
        ? submit(checkForgotOtp(t), (input) => {
            setOutcome(null);
            verifyOtp.mutate(input);
          })
        : submit(checkForgotPassword(t), (input) => {
            setOutcome(null);
            reset.mutate(input);
          });

  const busy = sendOtp.isPending || verifyOtp.isPending || reset.isPending;
  const index = STEPS.indexOf(step);

  return (
    <div className={styles.flow}>
      <ol
        className={styles.steps}
        aria-label={t('forgot.stepLabel', { step: index + 1, total: STEPS.length })}
      >
        {STEPS.map((name, position) => (
          <li
            key={name}
            className={position <= index ? styles.reached : styles.step}
            aria-current={position === index ? 'step' : undefined}
          >
            <span className={styles.number}>{position + 1}</span>
            {t(`forgot.steps.${name}`)}
          </li>
        ))}
      </ol>
      <FormAlert tone={outcome?.tone ?? 'success'} message={outcome?.message ?? null} />
      <Form onSubmit={onSubmit} noValidate>
        {step === 'email' && (
          <>
            <p className={styles.lead}>{t('forgot.emailLead')}</p>
            <EmailField key="email" {...field('email')} />
            <Button type="submit" block disabled={busy}>
              {sendOtp.isPending ? t('forgot.sending') : t('forgot.sendOtp')}
            </Button>
          </>
        )}
        {step === 'otp' && (
          <>
            <p className={styles.lead}>{t('forgot.otpLead', { email: values.email.trim() })}</p>
            <TextField
              key="otp"
              {...field('otp')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              onChange={(event) => set('otp', event.target.value.replace(/\D/g, ''))}
              autoFocus
            />
            <Button type="submit" block disabled={busy}>
              {verifyOtp.isPending ? t('forgot.verifying') : t('forgot.verifyOtp')}
            </Button>
            {/* A new code for the same email; the server's limit (and its message when hit) applies. */}
            <button
              type="button"
              className={styles.linkButton}
              disabled={busy}
              onClick={() => {
                setOutcome(null);
                sendOtp.mutate({ email: values.email.trim() });
              }}
            >
              {sendOtp.isPending ? t('forgot.sending') : t('forgot.resendCode')}
            </button>
          </>
        )}
        {step === 'password' && (
          <>
            <p className={styles.lead}>{t('forgot.passwordLead')}</p>
            <PasswordField
              key="password"
              {...field('newPassword')}
              autoComplete="new-password"
              hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
              autoFocus
            />
            <Button type="submit" block disabled={busy}>
              {reset.isPending ? t('forgot.resetting') : t('forgot.resetPassword')}
            </Button>
          </>
        )}
        {step !== 'email' && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setOutcome(null);
              setStep('email');
            }}
          >
            {t('forgot.useAnotherEmail')}
          </button>
        )}
      </Form>
    </div>
  );
};
