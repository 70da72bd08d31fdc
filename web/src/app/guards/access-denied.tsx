import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, ShieldLockRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../../features/navigation/router-link.tsx';

const useStyles = makeStyles({
  wrap: { display: 'flex', justifyContent: 'center', padding: '48px 24px', '@media (max-width: 600px)': { padding: '24px 16px' } },
  card: {
    width: '100%',
    maxWidth: '560px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '12px',
    padding: '28px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    '@media (max-width: 600px)': { padding: '20px' },
  },
  icon: {
    width: '40px',
    height: '40px',
    display: 'grid',
    placeItems: 'center',
    fontSize: '22px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorStatusDangerBackground1,
    color: tokens.colorStatusDangerForeground1,
  },
  title: { ...typographyStyles.title3, margin: 0, color: tokens.colorNeutralForeground1 },
  message: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground1 },
  email: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  strong: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  actions: { marginTop: '8px' },
});

/** Spec §6, word for word, with the e-mail the user is signed in with. */
export function AccessDenied({ email }: { email: string }) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="access-denied-title">
        <span className={styles.icon} aria-hidden="true">
          <ShieldLockRegular />
        </span>
        <h1 id="access-denied-title" className={styles.title}>
          Admin area
        </h1>
        <p className={styles.message} role="alert">
          Access Denied: You don't have permission to access the Admin area. Admin access is restricted to authorized personnel only.
        </p>
        <p className={styles.email}>
          Signed in as <span className={styles.strong}>{email}</span>
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/dashboard" appearance="primary" icon={<ArrowLeftRegular />}>
            Back to dashboard
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
