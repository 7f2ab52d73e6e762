import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Button } from '@web/shared/ui/Button';
import { useSignup } from '../hooks/useSignup';
import { authStrings } from '../strings';
import { emailError, type FieldErrors, hasErrors, newPasswordError, usernameError } from '../validation';
import { EmailField } from './EmailField';
import { MutationAlerts } from './FormAlert';
import { PasswordField, TextField } from '@web/shared/ui/TextField';
import { Form } from '@web/shared/ui/Form';

/** SPEC 2: after 'User registered successfully!' the visitor goes to /userlogin after 2 seconds. */
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

  useEffect(() => {
    if (!signup.isSuccess) return undefined;
    const timer = setTimeout(() => void navigate(Paths.userLogin), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signup.isSuccess, navigate]);

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
