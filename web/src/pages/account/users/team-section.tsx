import { Avatar, Badge, makeStyles, Skeleton, SkeletonItem, tokens, typographyStyles } from '@fluentui/react-components';
import { PeopleTeamRegular } from '@fluentui/react-icons';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type { TeamMember } from '@tradepost/shared/schemas/users.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { roleDescriptions } from '../../../features/account/role-descriptions.ts';
import { useTeamMembers } from '../../../features/account/use-team.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { roleLabel } from '../../../features/session/role-label.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '4px 14px',
    padding: '12px 0',
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
    ':first-child': { borderTop: 'none', paddingTop: 0 },
  },
  who: { minWidth: 0, display: 'flex', flexDirection: 'column' },
  name: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  you: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, marginLeft: '6px', fontWeight: tokens.fontWeightRegular },
  email: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  side: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2px', textAlign: 'right' },
  joined: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
    '@media (max-width: 420px)': { display: 'none' },
  },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  count: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground3 },
});

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

function MemberRow({ member, isYou }: { member: TeamMember; isYou: boolean }) {
  const styles = useStyles();
  const name = displayName(member);
  return (
    <li className={styles.row}>
      <Avatar name={name} color="colorful" size={36} aria-hidden="true" />
      <div className={styles.who}>
        <span className={styles.name}>
          {name}
          {isYou ? <span className={styles.you}>(you)</span> : null}
        </span>
        <span className={styles.email}>
          <Sensitive kind="contact">{member.email}</Sensitive>
        </span>
      </div>
      <div className={styles.side}>
        <Badge
          appearance={member.role === 'owner' ? 'filled' : 'tint'}
          color={member.role === 'owner' ? 'brand' : 'informative'}
          title={roleDescriptions[member.role]}
        >
          {roleLabel(member.role)}
        </Badge>
        <span className={styles.joined}>Joined {formatDate(member.created_at)}</span>
      </div>
    </li>
  );
}

/** Everyone in the business, owners first, then by when they joined. */
export function TeamSection({ businessId, currentUserId }: { businessId: string; currentUserId: string }) {
  const styles = useStyles();
  const team = useTeamMembers(businessId);
  const members = [...(team.data ?? [])].sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));

  return (
    <PageSection
      id="team-title"
      title="Team"
      description="Everyone who can sign in to this business, and what their role lets them do."
      icon={<PeopleTeamRegular />}
      aside={
        team.data === undefined ? undefined : (
          <span className={styles.count}>{team.data.length === 1 ? '1 person' : `${team.data.length} people`}</span>
        )
      }
    >
      {team.isPending ? (
        <Skeleton aria-label="Loading the team">
          <SkeletonItem size={40} />
          <SkeletonItem size={40} />
        </Skeleton>
      ) : team.isError ? (
        <LoadFailed subject="The team" onRetry={() => void team.refetch()} retrying={team.isFetching} />
      ) : (
        <>
          <ul className={styles.list}>
            {members.map((member) => (
              <MemberRow key={member.id} member={member} isYou={member.id === currentUserId} />
            ))}
          </ul>
          {members.length <= 1 ? (
            <p className={styles.hint}>You are the only person here so far. Invite your staff above; each gets their own sign-in.</p>
          ) : null}
        </>
      )}
    </PageSection>
  );
}
