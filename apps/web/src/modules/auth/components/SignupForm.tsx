import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Button } from '@web/shared/ui/Button';
import { useSignup } from '../hooks/useSignup';
import { authStrings } from '../strings';
import { emailError, type FieldErrors, hasErrors, newPasswordError, usernameError } from '../validation';
import type { VerificationSentState } from '../verification-sent';
import { EmailField } from './EmailField';
import { FormAlert, MutationAlerts } from './FormAlert';
import { PasswordField, TextField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';

/**
 * SPEC 2: after 'User registered successfully!' the visitor goes to /userlogin after 2 seconds; the sign-in page
 * repeats where the verification link went (DECISIONS 33).
 */
export const SIGNUP_REDIRECT_MS = 2000;

const { signup: texts } = authStrings;

export const SignupForm = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'username' | 'email' | 'password'>>({});

  const signup = useSignup();

  const registeredEmail = signup.isSuccess ? signup.variables.email : null;

  useEffect(() => {
    if (!registeredEmail) return undefined;
    const state: VerificationSentState = { verificationSentTo: registeredEmail };
    const timer = setTimeout(() => void navigate(Paths.userLogin, { state }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [registeredEmail, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      username: usernameError(username),
      email: emailError(email),
      password: newPasswordError(password),
    };
    setErrors(found);
    if (hasErrors(found) || signup.isPending || signup.isSuccess) return;
    signup.mutate({ username: username.trim(), email: email.trim(), password });
  };

  return (
    <Form onSubmit={onSubmit} noValidate>
      <MutationAlerts
        mutation={signup}
        success={texts.success}
        failed={texts.failed}
        network={texts.network}
      />
      <FormAlert
        tone="success"
        message={registeredEmail && authStrings.verification.sentTo(registeredEmail)}
      />
      <TextField
        label={authStrings.username}
        name="username"
        autoComplete="username"
        value={username}
        error={errors.username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <EmailField value={email} error={errors.email} onChange={(event) => setEmail(event.target.value)} />
      <PasswordField
        label={authStrings.password}
        name="password"
        autoComplete="new-password"
        value={password}
        hint={authStrings.passwordHint(PASSWORD_MIN_LENGTH)}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" size="md" block disabled={signup.isPending || signup.isSuccess}>
        {signup.isPending ? texts.submitting : texts.submit}
      </Button>
    </Form>
  );
};
