import { Button, MessageBar, MessageBarBody, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { displayName } from '@tradepost/shared/domain/session.ts';
import { errorStatus } from '@tradepost/shared/query/policy.ts';
import { type AcceptInvitationBody, acceptInvitationBodySchema, type InvitationPreview } from '@tradepost/shared/schemas/users.ts';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { NewPasswordField } from '../../../features/account/new-password-field.tsx';
import { useAcceptInvitation, useInvitationPreview } from '../../../features/account/use-invitation-acceptance.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useFormValues } from '../../../features/forms/use-form-values.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { AuthLayout } from '../../../features/public-site/auth-layout.tsx';
import { AuthNameFields } from '../../../features/public-site/auth-name-fields.tsx';
import { useAuthFormStyles } from '../../../features/public-site/use-auth-form-styles.ts';
import { roleLabel } from '../../../features/session/role-label.ts';
import { signedInAtom } from '../../../features/session/signed-in-atom.ts';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';

const INVALID_MESSAGE = 'This invitation is invalid or has expired.';

const useStyles = makeStyles({
  center: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', padding: '32px 0', textAlign: 'center' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  strong: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', justifyContent: 'center' },
  invite: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: '6px 16px',
    margin: 0,
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    ...typographyStyles.body1,
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

type Form = { firstName: string; lastName: string; password: string };
type FieldName = 'first_name' | 'last_name' | 'password';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Blank names are left out: the API treats a sent empty name as an error, not as "none". */
function toBody(form: Form): AcceptInvitationBody {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return { first_name: optional(form.firstName), last_name: optional(form.lastName), password: form.password };
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const styles = useStyles();
  const form = useAuthFormStyles();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const signedIn = useAtomValue(signedInAtom);
  const me = useCurrentUser();
  const [values, , set] = useFormValues<Form>({ firstName: '', lastName: '', password: '' });
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});
  const server = accept.isError
    ? apiFormErrors<FieldName>(accept.error, ['first_name', 'last_name', 'password'], 'We could not create your account. Please try again.')
    : undefined;
  const errorFor = (field: FieldName) => local[field] ?? server?.fields[field];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toBody(values);
    const checked = acceptInvitationBodySchema.safeParse(body);
    if (!checked.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'first_name' || field === 'last_name' || field === 'password') {
          next[field] = next[field] === undefined ? issue.message : `${next[field]}, ${issue.message}`;
        }
      }
      setLocal(next);
      return;
    }
    setLocal({});
    accept.mutate(body, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-labelledby="accept-title">
      <h1 id="accept-title" className={form.title}>
        Join {invitation.business_name}
      </h1>
      <p className={form.subtitle}>{invitation.invited_by} invited you to work in Tradepost. Set a password to create your account.</p>

      <dl className={styles.invite}>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.detail}>{invitation.email}</dd>
        <dt className={styles.term}>Role</dt>
        <dd className={styles.detail}>{roleLabel(invitation.role)}</dd>
        <dt className={styles.term}>Expires</dt>
        <dd className={styles.detail}>{formatDate(invitation.expires_at)}</dd>
      </dl>

      {signedIn && me.data !== undefined ? (
        <MessageBar intent="info">
          <MessageBarBody>
            This browser is signed in as {displayName(me.data)}. Joining signs you in as {invitation.email} instead.
          </MessageBarBody>
        </MessageBar>
      ) : null}

      <FormErrorAlert message={server?.general} />

      <AuthNameFields values={values} onChange={set} errors={{ firstName: errorFor('first_name'), lastName: errorFor('last_name') }} />
      {/* The e-mail is fixed by the invitation; it is here so password managers file the new password under it. */}
      <input type="email" name="email" autoComplete="username" value={invitation.email} readOnly hidden />
      <NewPasswordField
        className={form.field}
        inputClassName={form.input}
        size="large"
        label="Password"
        name="password"
        required
        validationMessage={errorFor('password')}
        value={values.password}
        onChange={set('password')}
      />

      <Button
        type="submit"
        appearance="primary"
        size="large"
        className={form.submit}
        disabledFocusable={accept.isPending}
        icon={accept.isPending ? <Spinner size="tiny" /> : undefined}
      >
        Join {invitation.business_name}
      </Button>
    </form>
  );
}

/** Public page /accept-invitation/:token: an invited person sees the invitation and creates their account. */
export function AcceptInvitationPage() {
  const styles = useStyles();
  const form = useAuthFormStyles();
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);

  let content = null;
  if (preview.isPending) {
    content = (
      <div className={styles.center} role="status">
        <Spinner size="large" />
        <p className={styles.muted}>Checking your invitation…</p>
      </div>
    );
  } else if (preview.isError) {
    const invalid = errorStatus(preview.error) === 404 || errorStatus(preview.error) === 400;
    content = (
      <div className={styles.center} role="alert">
        <h1 className={form.title}>{invalid ? 'Invitation not found' : 'We could not check this invitation'}</h1>
        <p className={styles.muted}>
          {invalid ? INVALID_MESSAGE : 'Check your connection and try again.'}
          {invalid ? ' Ask the person who invited you to send a new one.' : ''}
        </p>
        <div className={styles.actions}>
          {invalid ? (
            <ButtonLink to="/login" appearance="primary">
              Sign in
            </ButtonLink>
          ) : (
            <Button appearance="primary" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          )}
          <ButtonLink to="/" appearance="secondary">
            Go to the home page
          </ButtonLink>
        </div>
      </div>
    );
  } else {
    content = <AcceptForm token={token} invitation={preview.data} />;
  }

  return <AuthLayout>{content}</AuthLayout>;
}
