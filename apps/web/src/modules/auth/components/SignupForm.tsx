import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Button } from '@web/shared/ui/Button';
import { useSignup } from '../hooks/useSignup';
import { checkSignup } from '../validation';
import type { VerificationSentState } from '../verification-sent';
import { EmailField } from './EmailField';
import { FormAlert, MutationAlerts } from './FormAlert';
import { PasswordField, TextField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';
import { useFormFields } from '@web/shared/ui/useFormFields';

/**
 * SPEC 2: after 'User registered successfully!' the visitor goes to /userlogin after 2 seconds; the sign-in page
 * repeats where the verification link went (DECISIONS 33).
 */
export const SIGNUP_REDIRECT_MS = 2000;

export const SignupForm = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { field, submit } = useFormFields(
    { username: '', email: params.get('email') ?? '', password: '' },
    { username: t('username'), email: t('email'), password: t('password') },
  );

  const signup = useSignup();

  const registeredEmail = signup.isSuccess ? signup.variables.email : null;

  useEffect(() => {
    if (!registeredEmail) return undefined;
    const state: VerificationSentState = { verificationSentTo: registeredEmail };
    const timer = setTimeout(() => void navigate(Paths.userLogin, { state }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [registeredEmail, navigate]);

  const onSubmit = submit(checkSignup(t), (input) => {
    if (signup.isPending || signup.isSuccess) return;
    signup.mutate(input);
  });

  return (
    <Form onSubmit={onSubmit} noValidate>
      <MutationAlerts
        mutation={signup}
        success={t('signup.success')}
        failed={t('signup.failed')}
        network={t('signup.network')}
      />
      <FormAlert
        tone="success"
        message={registeredEmail && t('verification.sentTo', { email: registeredEmail })}
      />
      <FormAlert tone="success" message={registeredEmail && t('signup.redirecting')} />
      <TextField {...field('username')} autoComplete="username" />
      <EmailField {...field('email')} />
      <PasswordField
        {...field('password')}
        autoComplete="new-password"
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <Button type="submit" size="md" block disabled={signup.isPending || signup.isSuccess}>
        {signup.isPending ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </Form>
  );
};
