import { cx } from '../../../features/public-site/cx.ts';
import { PublicBadge } from '../../../features/public-site/public-badge.tsx';
import { ArrowSyncCheckmarkRegular, TagRegular } from './landing-icons.ts';
import styles from './sync-illustration.module.css';

type ChannelRow = { key: 'ebay' | 'shopify' | 'whatnot' | 'square'; name: string; initial: string; sold: boolean; detail: string };

const rows: readonly ChannelRow[] = [
  { key: 'ebay', name: 'eBay', initial: 'eB', sold: true, detail: 'Order imported' },
  { key: 'shopify', name: 'Shopify', initial: 'S', sold: false, detail: 'Quantity 1 → 0' },
  { key: 'whatnot', name: 'Whatnot', initial: 'W', sold: false, detail: 'Quantity 1 → 0' },
  { key: 'square', name: 'Square', initial: 'Sq', sold: false, detail: 'Quantity 1 → 0' },
];

/** A drawn example of one sale moving through Tradepost. Illustrative content, labelled as such. */
export function SyncIllustration() {
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
              <span className={cx(styles.logo, styles[row.key])} aria-hidden="true">
                {row.initial}
              </span>
              <span className={styles.channelName}>{row.name}</span>
              <span className={styles.channelDetail}>{row.detail}</span>
              {row.sold ? (
                <PublicBadge appearance="filled" color="success">
                  Sold
                </PublicBadge>
              ) : (
                <PublicBadge appearance="tint" color="informative">
                  Delisted
                </PublicBadge>
              )}
            </li>
          ))}
        </ul>
        <div className={styles.ledger}>
          <span>Sale · eBay · cost from your purchase lot</span>
          <span className={cx(styles.ledgerStrong, styles.ledgerEnd)}>−1 pair</span>
          <span>Profit after fees and cost</span>
          <span className={cx(styles.ledgerStrong, styles.ledgerEnd, styles.profit)}>$41.60</span>
        </div>
      </div>
      <figcaption className={styles.caption}>Example: one pair, four channels, one sale.</figcaption>
    </figure>
  );
}
