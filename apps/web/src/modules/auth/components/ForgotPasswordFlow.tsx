import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { messageFor } from '../error-message';
import { useForgotPassword } from '../hooks/useForgotPassword';
import { useResetPassword } from '../hooks/useResetPassword';
import { useVerifyOtp } from '../hooks/useVerifyOtp';
import { authStrings } from '../strings';
import { emailError, newPasswordError, requiredError } from '../validation';
import styles from './ForgotPasswordFlow.module.css';
import { EmailField } from './EmailField';
import { FormAlert } from './FormAlert';
import { PasswordField, TextField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';

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
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const fail = (fallback: string) => (error: unknown) =>
    setOutcome({ tone: 'error', message: messageFor(error, { fallback, network: fallback }) });

  const sendOtp = useForgotPassword({
    onSuccess: ({ message }) => {
      setOutcome({ tone: 'success', message: message || texts.sent });
      setOtp('');
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
      setOtp('');
      setNewPassword('');
      setStep('email');
    },
    onError: fail(texts.resetFailed),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem =
      step === 'email'
        ? emailError(email)
        : step === 'otp'
          ? requiredError(otp.trim(), texts.otp)
          : newPasswordError(newPassword, texts.newPassword);
    setFieldError(problem);
    if (problem) return;
    setOutcome(null);
    if (step === 'email') sendOtp.mutate({ email: email.trim() });
    else if (step === 'otp') verifyOtp.mutate({ email: email.trim(), otp: otp.trim() });
    else reset.mutate({ email: email.trim(), otp: otp.trim(), newPassword });
  };

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
      <Form onSubmit={submit} noValidate>
        {step === 'email' && (
          <>
            <p className={styles.lead}>{texts.emailLead}</p>
            <EmailField
              key="email"
              value={email}
              error={fieldError}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" block disabled={busy}>
              {sendOtp.isPending ? texts.sending : texts.sendOtp}
            </Button>
          </>
        )}
        {step === 'otp' && (
          <>
            <p className={styles.lead}>{texts.otpLead(email.trim())}</p>
            <TextField
              key="otp"
              label={texts.otp}
              name="otp"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={otp}
              error={fieldError}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
              autoFocus
            />
            <Button type="submit" block disabled={busy}>
              {verifyOtp.isPending ? texts.verifying : texts.verifyOtp}
            </Button>
          </>
        )}
        {step === 'password' && (
          <>
            <p className={styles.lead}>{texts.passwordLead}</p>
            <PasswordField
              key="password"
              label={texts.newPassword}
              name="newPassword"
              autoComplete="new-password"
              value={newPassword}
              hint={authStrings.passwordHint(PASSWORD_MIN_LENGTH)}
              error={fieldError}
              onChange={(event) => setNewPassword(event.target.value)}
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
              setFieldError(undefined);
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
