import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  wrap: {
    minHeight: '100dvh',
    display: 'grid',
    placeItems: 'center',
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
  },
});

/** Spec §2: while the session loads, a plain Loading message shows. */
export function SessionLoading() {
  const styles = useStyles();
  return (
    <div className={styles.wrap} role="status">
      Loading
    </div>
  );
}
