import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { VariantInfo } from '../catalog/variant-info.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  title: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** A size as people recognise it: the product, then size and SKU. */
export function VariantLabel({ info, variantId }: { info: VariantInfo | undefined; variantId: string }) {
  const styles = useStyles();
  if (info === undefined) {
    return (
      <span className={styles.root}>
        <span className={styles.title}>Item {variantId.slice(0, 8)}</span>
        <span className={styles.meta}>Not found in the first part of your catalog</span>
      </span>
    );
  }
  return (
    <span className={styles.root}>
      <span className={styles.title}>{info.title}</span>
      <span className={styles.meta}>
        {info.size} · {info.sku}
      </span>
    </span>
  );
}
