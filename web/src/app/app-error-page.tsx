import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { isChunkLoadError } from '@tradepost/shared/query/policy.ts';
import { useRouteError } from 'react-router-dom';

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
  title: { ...typographyStyles.title3, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '480px' },
  actions: { display: 'flex', gap: '8px', marginTop: '8px', flexWrap: 'wrap', justifyContent: 'center' },
});

/** First cut of spec §2's error screens: a failed page load offers a refresh, anything else reload or home. */
export function AppErrorPage() {
  const styles = useStyles();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <div className={styles.wrap} role="alert">
      <h1 className={styles.title}>{chunk ? 'This page could not load' : 'Something went wrong'}</h1>
      <p className={styles.text}>
        {chunk
          ? 'A component failed to load due to a network issue. Would you like to refresh the page?'
          : 'An unexpected error stopped this screen. Reloading usually fixes it.'}
      </p>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {chunk ? 'Refresh page' : 'Reload'}
        </Button>
        <Button onClick={() => window.location.assign('/')}>Go home</Button>
      </div>
    </div>
  );
}
