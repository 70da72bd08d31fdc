import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { registrationErrorMessage } from '@tradepost/shared/domain/password-messages.ts';
import type { RegisterBody } from '@tradepost/shared/schemas/auth.ts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NewPasswordField } from '../../../features/account/new-password-field.tsx';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useFormValues } from '../../../features/forms/use-form-values.ts';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { AuthEmailField } from '../../../features/public-site/auth-email-field.tsx';
import { AuthLayout } from '../../../features/public-site/auth-layout.tsx';
import { AuthNameFields } from '../../../features/public-site/auth-name-fields.tsx';
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
  const [form, , set] = useFormValues<Form>(empty);
  const [missing, setMissing] = useState<Missing>({});

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

        <FormErrorAlert message={register.isError ? registrationErrorMessage(register.error) : undefined} />

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
        <AuthNameFields values={form} onChange={set} />
        <AuthEmailField validationMessage={missing.email} value={form.email} onChange={set('email')} />
        <NewPasswordField
          className={styles.field}
          inputClassName={styles.input}
          size="large"
          label="Password"
          name="password"
          validationMessage={missing.password}
          value={form.password}
          onChange={set('password')}
        />

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
