import { makeStyles, Spinner } from '@fluentui/react-components';

const useStyles = makeStyles({
  wrap: { minHeight: '60dvh', display: 'grid', placeItems: 'center', padding: '48px 16px' },
});

/** Spec §2: lazy pages show a spinner with the text 'Loading page...'. */
export function PageLoading() {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <Spinner label="Loading page..." labelPosition="below" />
    </div>
  );
}
