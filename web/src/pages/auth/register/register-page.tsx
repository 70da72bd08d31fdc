import { Button, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { registrationErrorMessage } from '@tradepost/shared/domain/password-messages.ts';
import type { RegisterBody } from '@tradepost/shared/schemas/auth.ts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { AuthLayout } from '../../../features/public-site/auth-layout.tsx';
import { useAuthFormStyles } from '../../../features/public-site/use-auth-form-styles.ts';
import { useRegister } from '../../../features/session/use-register.ts';

type Form = { businessName: string; firstName: string; lastName: string; email: string; password: string };
type Missing = Partial<Record<'businessName' | 'email' | 'password', string>>;

const empty: Form = { businessName: '', firstName: '', lastName: '', email: '', password: '' };

/** The browser's time zone, when the server will know it; otherwise the server's default applies. */
function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return Intl.supportedValuesOf('timeZone').includes(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** Blank optional fields are left out: the API treats a sent empty name as an error, not as "none". */
function toBody(form: Form): RegisterBody {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    business_name: form.businessName.trim(),
    first_name: optional(form.firstName),
    last_name: optional(form.lastName),
    email: form.email.trim(),
    password: form.password,
    timezone: browserTimeZone(),
  };
}

export function RegisterPage() {
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState<Form>(empty);
  const [missing, setMissing] = useState<Missing>({});

  const set = (key: keyof Form) => (_: unknown, data: { value: string }) => setForm((prev) => ({ ...prev, [key]: data.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Missing = {
      businessName: form.businessName.trim() === '' ? 'Enter your business name' : undefined,
      email: form.email.trim() === '' ? 'Enter your email' : undefined,
      password: form.password === '' ? 'Choose a password' : undefined,
    };
    setMissing(next);
    if (Object.values(next).some((message) => message !== undefined)) return;
    register.mutate(toBody(form), { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <AuthLayout>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="register-title">
        <h1 id="register-title" className={styles.title}>
          Create your account
        </h1>
        <p className={styles.subtitle}>Your 14-day free trial starts today.</p>

        {register.isError ? (
          <div role="alert">
            <MessageBar intent="error">
              <MessageBarBody>{registrationErrorMessage(register.error)}</MessageBarBody>
            </MessageBar>
          </div>
        ) : null}

        <Field className={styles.field} label="Business name" validationMessage={missing.businessName}>
          <Input
            className={styles.input}
            size="large"
            name="business_name"
            autoComplete="organization"
            value={form.businessName}
            onChange={set('businessName')}
          />
        </Field>
        <div className={styles.row}>
          <Field className={styles.field} label="First name">
            <Input
              className={styles.input}
              size="large"
              name="first_name"
              autoComplete="given-name"
              value={form.firstName}
              onChange={set('firstName')}
            />
          </Field>
          <Field className={styles.field} label="Last name">
            <Input
              className={styles.input}
              size="large"
              name="last_name"
              autoComplete="family-name"
              value={form.lastName}
              onChange={set('lastName')}
            />
          </Field>
        </div>
        <Field className={styles.field} label="Email" validationMessage={missing.email}>
          <Input
            className={styles.input}
            size="large"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={form.email}
            onChange={set('email')}
          />
        </Field>
        <Field
          className={styles.field}
          label="Password"
          validationMessage={missing.password}
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        >
          <Input
            className={styles.input}
            size="large"
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
        </Field>

        <Button
          type="submit"
          appearance="primary"
          size="large"
          className={styles.submit}
          disabledFocusable={register.isPending}
          icon={register.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Create account
        </Button>
      </form>
      <p className={styles.footer}>
        Already have an account? <RouterLink to="/login">Sign in</RouterLink>
      </p>
    </AuthLayout>
  );
}
