import {
  Button,
  Dropdown,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Option,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { CopyRegular, PersonAddRegular } from '@fluentui/react-icons';
import type { Role } from '@tradepost/shared/schemas/auth.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { invitableRoles, roleDescriptions } from '../../../features/account/role-descriptions.ts';
import { useAccountFormStyles } from '../../../features/account/use-account-form-styles.ts';
import { type CreatedInvitation, useCreateInvitation } from '../../../features/account/use-team.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { roleLabel } from '../../../features/session/role-label.ts';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr) auto',
    alignItems: 'start',
    gap: '12px 16px',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  submit: { marginTop: '26px', '@media (max-width: 760px)': { marginTop: 0, justifySelf: 'start' } },
  optionText: { display: 'flex', flexDirection: 'column' },
  optionHint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  linkRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px', marginTop: '8px' },
  link: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', minWidth: 0 },
  body: { overflowWrap: 'anywhere' },
});

type FieldName = 'email' | 'role';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

function CreatedLink({ created }: { created: CreatedInvitation }) {
  const styles = useStyles();
  const toast = useAppToast();
  const url = `${window.location.origin}${created.accept_path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ intent: 'success', title: 'Link copied' });
    } catch {
      toast({ intent: 'error', title: 'Copy failed', body: 'Select the link and copy it by hand.' });
    }
  };
  return (
    <div role="status">
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody className={styles.body}>
          <MessageBarTitle>Invitation sent to {created.invitation.email}</MessageBarTitle>
          They will get an e-mail with a link to join as {roleLabel(created.invitation.role).toLowerCase()}. You can also send them this
          link yourself; it works once, until {formatDate(created.invitation.expires_at)}.
          <span className={styles.linkRow}>
            <Link className={styles.link} href={url} target="_blank" rel="noreferrer">
              {url}
            </Link>
            <Button size="small" icon={<CopyRegular />} onClick={() => void copy()}>
              Copy link
            </Button>
          </span>
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}

/** Invite by e-mail with a role; the new link is shown once, to copy, right after sending. */
export function InviteSection({ businessId }: { businessId: string }) {
  const styles = useStyles();
  const form = useAccountFormStyles();
  const create = useCreateInvitation(businessId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const server = create.isError
    ? apiFormErrors<FieldName>(create.error, ['email', 'role'], 'The invitation could not be sent. Please try again.')
    : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') {
      setMissing('Enter the e-mail address to invite');
      return;
    }
    setMissing(undefined);
    create.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };

  return (
    <PageSection
      id="invite-title"
      title="Invite someone"
      description="They get an e-mail with a link to set a password and join your business."
      icon={<PersonAddRegular />}
    >
      <form className={form.form} onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
        <FormErrorAlert message={server?.general} />
        <div className={styles.row}>
          <Field className={form.field} label="Email" validationMessage={missing ?? server?.fields.email}>
            <Input
              className={form.input}
              type="email"
              inputMode="email"
              autoComplete="off"
              name="invite_email"
              value={email}
              onChange={(_, data) => setEmail(data.value)}
            />
          </Field>
          <Field className={form.field} label="Role" validationMessage={server?.fields.role} hint={roleDescriptions[role]}>
            <Dropdown
              className={form.input}
              value={roleLabel(role)}
              selectedOptions={[role]}
              onOptionSelect={(_, data) => {
                const next = invitableRoles.find((candidate) => candidate === data.optionValue);
                if (next !== undefined) setRole(next);
              }}
            >
              {invitableRoles.map((candidate) => (
                <Option key={candidate} value={candidate} text={roleLabel(candidate)}>
                  <span className={styles.optionText}>
                    {roleLabel(candidate)}
                    <span className={styles.optionHint}>{roleDescriptions[candidate]}</span>
                  </span>
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Button
            type="submit"
            appearance="primary"
            className={styles.submit}
            disabledFocusable={create.isPending}
            icon={create.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Send invitation
          </Button>
        </div>
        {create.data !== undefined && !create.isPending && !create.isError ? <CreatedLink created={create.data} /> : null}
      </form>
    </PageSection>
  );
}
