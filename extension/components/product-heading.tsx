import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { ProductStock } from '../lib/stock-view.ts';

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', minWidth: 0 },
  image: {
    width: '48px',
    height: '48px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitLineClamp: '2',
    WebkitBoxOrient: 'vertical',
  },
  meta: { color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const statusBadges: Partial<Record<ProductStock['product']['status'], string>> = { draft: 'Draft', archived: 'Archived' };

/** Our product's picture, title, brand and style code, with its status when it is not simply active. */
export function ProductHeading({ product, children }: { product: ProductStock['product']; children?: ReactNode }) {
  const styles = useStyles();
  const meta = [product.brand, product.style_code, product.colorway].filter(Boolean).join(' · ');
  const status = statusBadges[product.status];
  return (
    <div className={styles.root}>
      {product.image_url !== null && <img className={styles.image} src={product.image_url} alt="" />}
      <div className={styles.text}>
        <Text className={styles.title}>{product.title}</Text>
        {meta !== '' && (
          <Text size={200} className={styles.meta}>
            {meta}
          </Text>
        )}
        {(status !== undefined || children) && (
          <div className={styles.badges}>
            {status !== undefined && (
              <Badge appearance="tint" color="warning" size="small">
                {status}
              </Badge>
            )}
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
