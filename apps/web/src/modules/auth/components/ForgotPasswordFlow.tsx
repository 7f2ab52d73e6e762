import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { useState } from 'react';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { useForgotPassword } from '../hooks/useForgotPassword';
import { useResetPassword } from '../hooks/useResetPassword';
import { useVerifyOtp } from '../hooks/useVerifyOtp';
import { authStrings } from '../strings';
import { checkForgotEmail, checkForgotOtp, checkForgotPassword } from '../validation';
import styles from './ForgotPasswordFlow.module.css';
import { EmailField } from './EmailField';
import { FormAlert } from './FormAlert';
import { PasswordField, TextField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';
import { useFormFields } from '@web/shared/ui/useFormFields';

type Step = 'email' | 'otp' | 'password';
const STEPS: Step[] = ['email', 'otp', 'password'];
const { forgot: texts } = authStrings;

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * SPEC 2 password reset in three steps: email, OTP, new password. A failed step stays put with the
 * server's message; success goes back to step 1 with the success message.
 */
export const ForgotPasswordFlow = () => {
  const [step, setStep] = useState<Step>('email');
  const { values, set, field, submit } = useFormFields(
    { email: '', otp: '', newPassword: '' },
    { email: authStrings.email, otp: texts.otp, newPassword: texts.newPassword },
  );
  const [outcome, setOutcome] = useState<Outcome>(null);

  const fail = (fallback: string) => (error: unknown) =>
    setOutcome({ tone: 'error', message: errorText(error, { fallback }) });

  const sendOtp = useForgotPassword({
    onSuccess: ({ message }) => {
      setOutcome({ tone: 'success', message: message || texts.sent });
      set('otp', '');
      setStep('otp');
    },
    onError: fail(texts.sendFailed),
  });
  const verifyOtp = useVerifyOtp({
    onSuccess: ({ message }) => {
      setOutcome({ tone: 'success', message: message || texts.verified });
      setStep('password');
    },
    onError: fail(texts.otpFailed),
  });
  const reset = useResetPassword({
    onSuccess: ({ message }) => {
      setOutcome({ tone: 'success', message: message || texts.done });
      set('otp', '');
      set('newPassword', '');
      setStep('email');
    },
    onError: fail(texts.resetFailed),
  });

  /** Each step checks its own field, then sends with the outcome of the last step cleared. */
  const onSubmit =
    step === 'email'
      ? submit(checkForgotEmail, (input) => {
          setOutcome(null);
          sendOtp.mutate(input);
        })
      : step === 'otp'
        ? submit(checkForgotOtp, (input) => {
            setOutcome(null);
            verifyOtp.mutate(input);
          })
        : submit(checkForgotPassword, (input) => {
            setOutcome(null);
            reset.mutate(input);
          });

  const busy = sendOtp.isPending || verifyOtp.isPending || reset.isPending;
  const index = STEPS.indexOf(step);

  return (
    <div className={styles.flow}>
      <ol className={styles.steps} aria-label={texts.stepLabel(index + 1, STEPS.length)}>
        {texts.steps.map((name, position) => (
          <li
            key={name}
            className={position <= index ? styles.reached : styles.step}
            aria-current={position === index ? 'step' : undefined}
          >
            <span className={styles.number}>{position + 1}</span>
            {name}
          </li>
        ))}
      </ol>
      <FormAlert tone={outcome?.tone ?? 'success'} message={outcome?.message ?? null} />
      <Form onSubmit={onSubmit} noValidate>
        {step === 'email' && (
          <>
            <p className={styles.lead}>{texts.emailLead}</p>
            <EmailField key="email" {...field('email')} />
            <Button type="submit" block disabled={busy}>
              {sendOtp.isPending ? texts.sending : texts.sendOtp}
            </Button>
          </>
        )}
        {step === 'otp' && (
          <>
            <p className={styles.lead}>{texts.otpLead(values.email.trim())}</p>
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
              {verifyOtp.isPending ? texts.verifying : texts.verifyOtp}
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
              {sendOtp.isPending ? texts.sending : texts.resendCode}
            </button>
          </>
        )}
        {step === 'password' && (
          <>
            <p className={styles.lead}>{texts.passwordLead}</p>
            <PasswordField
              key="password"
              {...field('newPassword')}
              autoComplete="new-password"
              hint={authStrings.passwordHint(PASSWORD_MIN_LENGTH)}
              autoFocus
            />
            <Button type="submit" block disabled={busy}>
              {reset.isPending ? texts.resetting : texts.resetPassword}
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
            {texts.useAnotherEmail}
          </button>
        )}
      </Form>
    </div>
  );
};
