import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { loginErrorMessage } from '@tradepost/shared/domain/password-messages.ts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { AuthEmailField } from '../../../features/public-site/auth-email-field.tsx';
import { AuthLayout } from '../../../features/public-site/auth-layout.tsx';
import { useAuthFormStyles } from '../../../features/public-site/use-auth-form-styles.ts';
import { useSignIn } from '../../../features/session/use-sign-in.ts';

type Missing = { email?: string; password?: string };

export function LoginPage() {
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Missing>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Missing = {
      email: email.trim() === '' ? 'Enter your email' : undefined,
      password: password === '' ? 'Enter your password' : undefined,
    };
    setMissing(next);
    if (next.email !== undefined || next.password !== undefined) return;
    signIn.mutate({ email: email.trim(), password }, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <AuthLayout>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          Sign in to Tradepost
        </h1>
        <p className={styles.subtitle}>Welcome back. Your stock is where you left it.</p>

        <FormErrorAlert message={signIn.isError ? loginErrorMessage(signIn.error) : undefined} />

        <AuthEmailField validationMessage={missing.email} value={email} onChange={(_, data) => setEmail(data.value)} />
        <Field className={styles.field} label="Password" validationMessage={missing.password}>
          <Input
            className={styles.input}
            type="password"
            name="password"
            autoComplete="current-password"
            size="large"
            value={password}
            onChange={(_, data) => setPassword(data.value)}
          />
        </Field>

        <Button
          type="submit"
          appearance="primary"
          size="large"
          className={styles.submit}
          disabledFocusable={signIn.isPending}
          icon={signIn.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Sign in
        </Button>
      </form>
      <p className={styles.footer}>
        New to Tradepost? <RouterLink to="/register">Create an account</RouterLink>
      </p>
    </AuthLayout>
  );
}
