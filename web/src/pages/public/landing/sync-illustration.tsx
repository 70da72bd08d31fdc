import { Badge, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowSyncCheckmarkRegular, TagRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  figure: { margin: 0, position: 'relative' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow28,
    overflow: 'hidden',
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '12px 20px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground2,
  },
  barIcon: { color: tokens.colorBrandForeground1, fontSize: '16px' },
  barEnd: { marginLeft: 'auto', fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3 },
  product: { display: 'flex', alignItems: 'center', gap: '14px', padding: '20px' },
  thumb: {
    flexShrink: 0,
    width: '56px',
    height: '56px',
    borderRadius: tokens.borderRadiusLarge,
    display: 'grid',
    placeItems: 'center',
    fontSize: '26px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
  },
  productText: { minWidth: 0, flexGrow: 1 },
  productName: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  productMeta: { ...typographyStyles.caption1, margin: '2px 0 0', color: tokens.colorNeutralForeground3 },
  stock: { textAlign: 'right', flexShrink: 0 },
  stockLabel: { ...typographyStyles.caption2, color: tokens.colorNeutralForeground3, display: 'block' },
  stockValue: { ...typographyStyles.subtitle2, color: tokens.colorNeutralForeground1, fontVariantNumeric: 'tabular-nums' },
  channels: { listStyle: 'none', margin: 0, padding: '0 20px 8px' },
  channel: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '10px 0',
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  logo: {
    width: '30px',
    height: '30px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    display: 'grid',
    placeItems: 'center',
    ...typographyStyles.caption1Strong,
  },
  ebay: { backgroundColor: tokens.colorPaletteRedBackground2, color: tokens.colorPaletteRedForeground2 },
  shopify: { backgroundColor: tokens.colorPaletteGreenBackground2, color: tokens.colorPaletteGreenForeground2 },
  whatnot: { backgroundColor: tokens.colorPaletteYellowBackground2, color: tokens.colorPaletteMarigoldForeground2 },
  square: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground1 },
  channelName: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, flexGrow: 1 },
  channelDetail: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    fontVariantNumeric: 'tabular-nums',
    '@media (max-width: 420px)': { display: 'none' },
  },
  ledger: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: '4px 12px',
    margin: '0 20px 20px',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    ...typographyStyles.caption1,
  },
  ledgerStrong: { ...typographyStyles.body1Strong, fontVariantNumeric: 'tabular-nums' },
  ledgerEnd: { textAlign: 'right' },
  profit: { color: tokens.colorPaletteGreenForeground1 },
  caption: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
    marginTop: '14px',
  },
});

type ChannelRow = { key: 'ebay' | 'shopify' | 'whatnot' | 'square'; name: string; initial: string; sold: boolean; detail: string };

const rows: readonly ChannelRow[] = [
  { key: 'ebay', name: 'eBay', initial: 'eB', sold: true, detail: 'Order imported' },
  { key: 'shopify', name: 'Shopify', initial: 'S', sold: false, detail: 'Quantity 1 → 0' },
  { key: 'whatnot', name: 'Whatnot', initial: 'W', sold: false, detail: 'Quantity 1 → 0' },
  { key: 'square', name: 'Square', initial: 'Sq', sold: false, detail: 'Quantity 1 → 0' },
];

/** A drawn example of one sale moving through Tradepost. Illustrative content, labelled as such. */
export function SyncIllustration() {
  const styles = useStyles();
  return (
    <figure className={styles.figure} aria-label="Example: a pair sells on eBay and comes off every other channel">
      <div className={styles.card}>
        <div className={styles.bar}>
          <ArrowSyncCheckmarkRegular className={styles.barIcon} aria-hidden="true" />
          Sync activity
          <span className={styles.barEnd}>just now</span>
        </div>
        <div className={styles.product}>
          <div className={styles.thumb} aria-hidden="true">
            <TagRegular />
          </div>
          <div className={styles.productText}>
            <p className={styles.productName}>Air Jordan 1 Retro High OG</p>
            <p className={styles.productMeta}>DZ5485-612 · US 10.5 · New</p>
          </div>
          <div className={styles.stock}>
            <span className={styles.stockLabel}>On hand</span>
            <span className={styles.stockValue}>1 → 0</span>
          </div>
        </div>
        <ul className={styles.channels}>
          {rows.map((row) => (
            <li key={row.key} className={styles.channel}>
              <span className={mergeClasses(styles.logo, styles[row.key])} aria-hidden="true">
                {row.initial}
              </span>
              <span className={styles.channelName}>{row.name}</span>
              <span className={styles.channelDetail}>{row.detail}</span>
              {row.sold ? (
                <Badge appearance="filled" color="success">
                  Sold
                </Badge>
              ) : (
                <Badge appearance="tint" color="informative">
                  Delisted
                </Badge>
              )}
            </li>
          ))}
        </ul>
        <div className={styles.ledger}>
          <span>Sale · eBay · cost from your purchase lot</span>
          <span className={mergeClasses(styles.ledgerStrong, styles.ledgerEnd)}>−1 pair</span>
          <span>Profit after fees and cost</span>
          <span className={mergeClasses(styles.ledgerStrong, styles.ledgerEnd, styles.profit)}>$41.60</span>
        </div>
      </div>
      <figcaption className={styles.caption}>Example: one pair, four channels, one sale.</figcaption>
    </figure>
  );
}
