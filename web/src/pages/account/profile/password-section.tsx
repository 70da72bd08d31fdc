import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { passwordChangeErrorMessage } from '@tradepost/shared/domain/password-messages.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useState } from 'react';
import { NewPasswordField } from '../../../features/account/new-password-field.tsx';
import { useAccountFormStyles } from '../../../features/account/use-account-form-styles.ts';
import { useChangePassword } from '../../../features/account/use-profile-mutations.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useFormValues } from '../../../features/forms/use-form-values.ts';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';

type Form = { current: string; next: string; confirm: string };
const empty: Form = { current: '', next: '', confirm: '' };

/**
 * Password change (spec §5, §8): a refusal shows exactly one of the three spec wordings; any other
 * failure (offline, server error) shows the 'Password Change Failed' toast instead.
 */
export function PasswordSection() {
  const styles = useAccountFormStyles();
  const toast = useAppToast();
  const change = useChangePassword();
  const [form, setForm, set] = useFormValues<Form>(empty);
  const [missing, setMissing] = useState<Partial<Record<keyof Form, string>>>({});
  const [reason, setReason] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Partial<Record<keyof Form, string>> = {
      current: form.current === '' ? 'Enter your current password' : undefined,
      next: form.next === '' ? 'Choose a new password' : undefined,
      confirm: form.confirm === '' ? 'Type the new password again' : undefined,
    };
    setMissing(next);
    setReason(null);
    if (Object.values(next).some((message) => message !== undefined)) return;
    change.mutate(
      { current_password: form.current, new_password: form.next, confirm_password: form.confirm },
      {
        onSuccess: () => {
          setForm(empty);
          toast({ intent: 'success', title: 'Password changed', body: 'Your other devices have been signed out.' });
        },
        onError: (error) => {
          const message = passwordChangeErrorMessage(error);
          if (message === null) toast({ intent: 'error', title: 'Password Change Failed' });
          setReason(message);
        },
      },
    );
  };

  return (
    <PageSection
      id="password-title"
      title="Password"
      description="Changing it signs you out on every other device."
      icon={<LockClosedRegular />}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="password-title">
        <FormErrorAlert message={reason} />
        <div className={styles.grid}>
          <Field className={styles.field} label="Current password" validationMessage={missing.current}>
            <Input
              className={styles.input}
              type="password"
              name="current_password"
              autoComplete="current-password"
              value={form.current}
              onChange={set('current')}
            />
          </Field>
          <span className={styles.rowBreak} aria-hidden="true" />
          <NewPasswordField
            className={styles.field}
            inputClassName={styles.input}
            label="New password"
            name="new_password"
            validationMessage={missing.next}
            value={form.next}
            onChange={set('next')}
          />
          <Field className={styles.field} label="Confirm new password" validationMessage={missing.confirm}>
            <Input
              className={styles.input}
              type="password"
              name="confirm_password"
              autoComplete="new-password"
              value={form.confirm}
              onChange={set('confirm')}
            />
          </Field>
        </div>
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabledFocusable={change.isPending}
            icon={change.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Change password
          </Button>
        </div>
      </form>
    </PageSection>
  );
}
