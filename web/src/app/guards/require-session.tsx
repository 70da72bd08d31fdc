import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { isAuthError } from '@tradepost/shared/client/api-error.ts';
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useMatches } from 'react-router-dom';
import { SessionLoading } from '../../features/session/session-loading.tsx';
import { signedInAtom } from '../../features/session/signed-in-atom.ts';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { signedOutTarget } from './route-handle.ts';

const useStyles = makeStyles({
  wrap: {
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '12px',
    padding: '24px',
    textAlign: 'center',
  },
  title: { ...typographyStyles.subtitle1, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * Signed-in guard (spec §2): without a session the user goes to the root page (or to the target a
 * deeper route names in its handle: /auth for the admin area); while the current user loads, a plain
 * Loading message shows. A 401/403 is handled by the global auth handler, which ends the session and
 * navigates, so it only needs the Loading message for that instant. Below this guard the current
 * user is always loaded.
 */
export function RequireSession() {
  const styles = useStyles();
  const signedIn = useAtomValue(signedInAtom);
  const matches = useMatches();
  const me = useCurrentUser();

  if (!signedIn) {
    return (
      <Navigate
        to={signedOutTarget(
          matches.map((match) => match.handle),
          '/',
        )}
        replace
      />
    );
  }
  if (me.isPending || (me.isError && isAuthError(me.error))) return <SessionLoading />;
  if (me.isError) {
    return (
      <div className={styles.wrap} role="alert">
        <p className={styles.title}>We could not load your account</p>
        <p className={styles.text}>Check your connection, then try again.</p>
        <Button appearance="primary" onClick={() => void me.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Outlet />;
}
