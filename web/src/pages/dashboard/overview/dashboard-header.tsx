import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { ThemeToggle } from '../../../features/preferences/theme-toggle.tsx';
import { BrandLogo } from '../../../features/public-site/brand-mark.tsx';
import { useSignOut } from '../../../features/session/use-sign-out.ts';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  inner: {
    maxWidth: '1160px',
    margin: '0 auto',
    padding: '10px 24px',
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    '@media (max-width: 600px)': { padding: '8px 16px' },
  },
  spacer: { flexGrow: 1 },
});

/** Temporary top bar of the signed-in area; the app shell with the sidebar (spec §2) replaces it. */
export function DashboardHeader() {
  const styles = useStyles();
  const signOut = useSignOut();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <BrandLogo />
        <span className={styles.spacer} />
        <ThemeToggle />
        <Button
          appearance="secondary"
          icon={signOut.isPending ? <Spinner size="tiny" /> : <SignOutRegular />}
          disabledFocusable={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Sign out
        </Button>
      </div>
    </header>
  );
}
