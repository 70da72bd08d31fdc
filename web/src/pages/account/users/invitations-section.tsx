import { Badge, type BadgeProps, Button, makeStyles, Skeleton, SkeletonItem, tokens, typographyStyles } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import type { Invitation } from '@tradepost/shared/schemas/users.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useInvitations, useRevokeInvitation } from '../../../features/account/use-team.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { roleLabel } from '../../../features/session/role-label.ts';
import { RevokeInvitationDialog } from './revoke-invitation-dialog.tsx';

const useStyles = makeStyles({
  groupTitle: {
    ...typographyStyles.caption1Strong,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: tokens.colorNeutralForeground3,
    margin: '0 0 4px',
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '6px 14px',
    padding: '12px 0',
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
    ':first-child': { borderTop: 'none' },
  },
  who: { minWidth: 0, flexGrow: 1, flexBasis: '220px', display: 'flex', flexDirection: 'column' },
  email: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  side: { display: 'flex', alignItems: 'center', gap: '10px' },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  groups: { display: 'flex', flexDirection: 'column', gap: '20px' },
});

const statusBadge: Record<Invitation['status'], { label: string; color: BadgeProps['color'] }> = {
  pending: { label: 'Pending', color: 'warning' },
  accepted: { label: 'Accepted', color: 'success' },
  revoked: { label: 'Revoked', color: 'subtle' },
  expired: { label: 'Expired', color: 'subtle' },
};

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

function InvitationRow({ invitation, onRevoke }: { invitation: Invitation; onRevoke?: (invitation: Invitation) => void }) {
  const styles = useStyles();
  const badge = statusBadge[invitation.status];
  const when =
    invitation.status === 'pending' ? `Expires ${formatDate(invitation.expires_at)}` : `Sent ${formatDate(invitation.created_at)}`;
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <span className={styles.email}>
          <Sensitive kind="contact">{invitation.email}</Sensitive>
        </span>
        <span className={styles.meta}>
          {roleLabel(invitation.role)} · invited by {invitation.invited_by} · {when}
        </span>
      </div>
      <div className={styles.side}>
        <Badge appearance="tint" color={badge.color}>
          {badge.label}
        </Badge>
        {onRevoke === undefined ? null : (
          <Button size="small" onClick={() => onRevoke(invitation)} aria-label={`Revoke the invitation to ${invitation.email}`}>
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}

/** Pending invitations (revocable) and the ones already accepted, revoked or expired. */
export function InvitationsSection({ businessId }: { businessId: string }) {
  const styles = useStyles();
  const toast = useAppToast();
  const invitations = useInvitations(businessId);
  const revoke = useRevokeInvitation(businessId);
  const [confirming, setConfirming] = useState<Invitation | null>(null);

  const pending = (invitations.data ?? []).filter((invitation) => invitation.status === 'pending');
  const past = (invitations.data ?? []).filter((invitation) => invitation.status !== 'pending');

  const onConfirm = (invitation: Pick<Invitation, 'id'>) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ intent: 'success', title: 'Invitation revoked', body: 'Its link no longer works.' });
      },
      onError: () => {
        setConfirming(null);
        toast({ intent: 'error', title: 'Update failed', body: 'The invitation could not be revoked. Please try again.' });
      },
    });

  return (
    <PageSection
      id="invitations-title"
      title="Invitations"
      description="Links expire after 7 days. Revoke one that went to the wrong address or is no longer needed."
      icon={<MailRegular />}
    >
      {invitations.isPending ? (
        <Skeleton aria-label="Loading invitations">
          <SkeletonItem size={40} />
        </Skeleton>
      ) : invitations.isError ? (
        <LoadFailed subject="Invitations" onRetry={() => void invitations.refetch()} retrying={invitations.isFetching} />
      ) : invitations.data.length === 0 ? (
        <p className={styles.empty}>No invitations yet. Invite someone above and their invitation will show here until they join.</p>
      ) : (
        <div className={styles.groups}>
          <div>
            <h3 className={styles.groupTitle}>Waiting to join ({pending.length})</h3>
            {pending.length === 0 ? (
              <p className={styles.empty}>Nobody is waiting to join. Everyone you invited has joined or their invitation has ended.</p>
            ) : (
              <ul className={styles.list}>
                {pending.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} onRevoke={setConfirming} />
                ))}
              </ul>
            )}
          </div>
          {past.length === 0 ? null : (
            <div>
              <h3 className={styles.groupTitle}>Earlier invitations ({past.length})</h3>
              <ul className={styles.list}>
                {past.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <RevokeInvitationDialog
        invitation={confirming}
        pending={revoke.isPending}
        onConfirm={onConfirm}
        onDismiss={() => setConfirming(null)}
      />
    </PageSection>
  );
}
