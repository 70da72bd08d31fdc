import { makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  wrap: { display: 'grid', placeItems: 'center', gap: '8px', padding: '64px 16px', textAlign: 'center' },
  title: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground1 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

/** Spec §2: while the products page loads it says 'Loading Products' and what it is doing. */
export function ProductsLoading() {
  const styles = useStyles();
  return (
    <div className={styles.wrap} role="status">
      <Spinner size="medium" aria-hidden="true" />
      <p className={styles.title}>Loading Products</p>
      <p className={styles.text}>Initializing product catalog and search functionality...</p>
    </div>
  );
}
