import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, ShieldLockRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../../features/navigation/router-link.tsx';
import { NoticeCard } from '../../features/shell/notice-card.tsx';

const useStyles = makeStyles({
  message: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground1 },
  email: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  strong: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
});

/** Spec §6, word for word, with the e-mail the user is signed in with. */
export function AccessDenied({ email }: { email: string }) {
  const styles = useStyles();
  return (
    <NoticeCard
      titleId="access-denied-title"
      title="Admin area"
      icon={<ShieldLockRegular />}
      tone="danger"
      action={
        <ButtonLink to="/dashboard" appearance="primary" icon={<ArrowLeftRegular />}>
          Back to dashboard
        </ButtonLink>
      }
    >
      <p className={styles.message} role="alert">
        Access Denied: You don't have permission to access the Admin area. Admin access is restricted to authorized personnel only.
      </p>
      <p className={styles.email}>
        Signed in as <span className={styles.strong}>{email}</span>
      </p>
    </NoticeCard>
  );
}
