import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons';
import type { UpdateMeBody, User } from '@tradepost/shared/schemas/auth.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { TimeZoneField } from '../../../features/account/time-zone-field.tsx';
import { useAccountFormStyles } from '../../../features/account/use-account-form-styles.ts';
import { useUpdateProfile } from '../../../features/account/use-profile-mutations.ts';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { roleLabel } from '../../../features/session/role-label.ts';

type Form = { firstName: string; lastName: string; username: string; timezone: string };
type FieldName = 'first_name' | 'last_name' | 'username' | 'timezone';

const fromUser = (user: User): Form => ({
  firstName: user.first_name ?? '',
  lastName: user.last_name ?? '',
  username: user.username,
  timezone: user.timezone,
});

/** Only what changed is sent; a cleared name is sent as null ("no name"), never as an empty string. */
function changes(form: Form, user: User): UpdateMeBody {
  const body: UpdateMeBody = {};
  const name = (value: string) => (value.trim() === '' ? null : value.trim());
  if (name(form.firstName) !== (user.first_name ?? null)) body.first_name = name(form.firstName);
  if (name(form.lastName) !== (user.last_name ?? null)) body.last_name = name(form.lastName);
  if (form.username.trim() !== user.username) body.username = form.username.trim();
  if (form.timezone !== user.timezone) body.timezone = form.timezone;
  return body;
}

export function ProfileDetailsSection({ user }: { user: User }) {
  const styles = useAccountFormStyles();
  const toast = useAppToast();
  const update = useUpdateProfile();
  const [form, setForm] = useState<Form>(() => fromUser(user));
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});

  const set = (key: keyof Form) => (_: unknown, data: { value: string }) => setForm((prev) => ({ ...prev, [key]: data.value }));
  const body = changes(form, user);
  const dirty = Object.keys(body).length > 0;
  const server = update.isError
    ? apiFormErrors<FieldName>(update.error, ['first_name', 'last_name', 'username', 'timezone'], 'Your profile could not be saved.')
    : undefined;
  const errorFor = (field: FieldName) => local[field] ?? server?.fields[field];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.username.trim() === '') {
      setLocal({ username: 'Enter a username' });
      return;
    }
    setLocal({});
    if (!dirty) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        setForm(fromUser(saved));
        toast({ intent: 'success', title: 'Profile updated' });
      },
      onError: (error) => {
        const errors = apiFormErrors<FieldName>(
          error,
          ['first_name', 'last_name', 'username', 'timezone'],
          'Your profile could not be saved.',
        );
        toast({ intent: 'error', title: 'Update failed', body: errors.general ?? 'Check the highlighted fields.' });
      },
    });
  };

  return (
    <PageSection
      id="profile-details-title"
      title="Personal details"
      description="How you appear to your team, and the time zone your dates and times are shown in."
      icon={<PersonRegular />}
    >
      <dl className={styles.readOnly}>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.detail}>{user.email}</dd>
        <dt className={styles.term}>Role</dt>
        <dd className={styles.detail}>{roleLabel(user.role)}</dd>
        <dt className={styles.term}>Business</dt>
        <dd className={styles.detail}>{user.business.business_name}</dd>
      </dl>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title">
        <div className={styles.grid}>
          <Field className={styles.field} label="First name" validationMessage={errorFor('first_name')}>
            <Input
              className={styles.input}
              name="first_name"
              autoComplete="given-name"
              value={form.firstName}
              onChange={set('firstName')}
            />
          </Field>
          <Field className={styles.field} label="Last name" validationMessage={errorFor('last_name')}>
            <Input className={styles.input} name="last_name" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
          </Field>
          <Field
            className={styles.field}
            label="Username"
            validationMessage={errorFor('username')}
            hint="Shown when you have not given both names. Letters, numbers, dots, dashes and underscores."
          >
            <Input className={styles.input} name="username" autoComplete="username" value={form.username} onChange={set('username')} />
          </Field>
          <TimeZoneField
            className={styles.field}
            label="Time zone"
            value={form.timezone}
            onChange={(timezone) => setForm((prev) => ({ ...prev, timezone }))}
            validationMessage={errorFor('timezone')}
          />
        </div>
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={!dirty && !update.isPending}
            disabledFocusable={update.isPending}
            icon={update.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Save changes
          </Button>
          {dirty ? (
            <Button appearance="subtle" onClick={() => setForm(fromUser(user))} disabled={update.isPending}>
              Discard
            </Button>
          ) : null}
        </div>
      </form>
    </PageSection>
  );
}
