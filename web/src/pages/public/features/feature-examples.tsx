import { cx } from '../../../features/public-site/cx.ts';
import { ArrowSyncRegular, BookNumberRegular, CloudFlowRegular, PuzzlePieceRegular } from '../../../features/public-site/product-icons.ts';
import { PublicBadge } from '../../../features/public-site/public-badge.tsx';
import { ExamplePanel } from './example-panel.tsx';
import styles from './feature-examples.module.css';

const sizes = [
  { size: 'US 9', onHand: 2, ebay: 2, shopify: 2, whatnot: 1 },
  { size: 'US 10', onHand: 1, ebay: 1, shopify: 1, whatnot: 1 },
  { size: 'US 10.5', onHand: 0, ebay: 0, shopify: 0, whatnot: 0 },
  { size: 'US 11', onHand: 3, ebay: 3, shopify: 3, whatnot: 2 },
] as const;

export function SyncExample() {
  const cell = (value: number, start = false) => (
    <td className={cx(styles.td, start && styles.tdStart, value === 0 && styles.zero)}>{value}</td>
  );
  return (
    <ExamplePanel
      label="Example: quantities per size and channel"
      icon={<ArrowSyncRegular />}
      title="Quantities by size"
      caption="Example: one style, four sizes, three channels. Whatnot keeps a buffer of one on bigger runs."
    >
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={cx(styles.th, styles.thStart)} scope="col">
              Size
            </th>
            <th className={styles.th} scope="col">
              On hand
            </th>
            <th className={styles.th} scope="col">
              eBay
            </th>
            <th className={styles.th} scope="col">
              Shopify
            </th>
            <th className={styles.th} scope="col">
              Whatnot
            </th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((row) => (
            <tr key={row.size}>
              <th scope="row" className={cx(styles.td, styles.tdStart)}>
                {row.size}
              </th>
              {cell(row.onHand)}
              {cell(row.ebay)}
              {cell(row.shopify)}
              {cell(row.whatnot)}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>US 10.5 sold on eBay: set to 0 on Shopify and Whatnot in the same sync.</p>
    </ExamplePanel>
  );
}

const movements = [
  { delta: '+3', plus: true, title: 'Received · purchase order', detail: 'Warehouse · lot at $142.00 each', money: '$426.00' },
  { delta: '−1', plus: false, title: 'Sale · eBay', detail: 'Cost from the oldest lot (FIFO)', money: '$142.00' },
  { delta: '−1', plus: false, title: 'Transfer · to Store', detail: 'In transit until scanned in', money: '—' },
  { delta: '+1', plus: true, title: 'In-store purchase', detail: 'Walk-in seller · paid out', money: '$120.00' },
] as const;

export function LedgerExample() {
  return (
    <ExamplePanel
      label="Example: the stock ledger of one size"
      icon={<BookNumberRegular />}
      title="Movements · US 10"
      caption="Example: every change is a movement with a reason, and each receipt keeps its unit cost."
    >
      <ul className={styles.list}>
        {movements.map((movement) => (
          <li key={movement.title} className={styles.row}>
            <span className={cx(styles.delta, movement.plus && styles.plus)}>{movement.delta}</span>
            <span className={styles.what}>
              <span className={styles.whatTitle}>{movement.title}</span>
              {movement.detail}
            </span>
            <span className={styles.money}>{movement.money}</span>
          </li>
        ))}
      </ul>
    </ExamplePanel>
  );
}

const steps = [
  { time: '0.0 s', text: 'Shopify order webhook arrives and its signature is verified' },
  { time: '0.1 s', text: 'The pair is committed to the order; available goes from 1 to 0' },
  { time: '0.4 s', text: 'Quantity 0 queued for eBay, Square and Whatnot' },
  { time: '2.1 s', text: 'Every channel confirms; the sale books its cost and profit' },
] as const;

export function AutomationExample() {
  return (
    <ExamplePanel
      label="Example: what the server does when an order arrives"
      icon={<CloudFlowRegular />}
      title="Server activity"
      caption="Example timeline. Your browser can be closed the whole time."
    >
      <ol className={styles.timeline}>
        {steps.map((step, index) => (
          <li key={step.time} className={styles.step}>
            <span className={styles.time}>{step.time}</span>
            <span className={styles.rail} aria-hidden="true">
              <span className={styles.dot} />
              {index < steps.length - 1 ? <span className={styles.line} /> : null}
            </span>
            <span className={styles.stepText}>{step.text}</span>
          </li>
        ))}
      </ol>
    </ExamplePanel>
  );
}

export function ExtensionExample() {
  return (
    <ExamplePanel
      label="Example: the extension's panel next to a marketplace listing"
      icon={<PuzzlePieceRegular />}
      title="Browser extension"
      caption="Example: your stock and cost beside the listing you are looking at."
    >
      <div className={styles.browser}>
        <div className={styles.page} aria-hidden="true">
          <span className={styles.address}>ebay.com/itm/…</span>
          <span className={cx(styles.shape, styles.shapeImage)} />
          <span className={styles.shape} />
          <span className={cx(styles.shape, styles.shapeShort)} />
        </div>
        <div className={styles.side}>
          <span className={styles.sideTitle}>Tradepost</span>
          <span className={styles.fact}>
            In stock <span className={styles.factValue}>3</span>
          </span>
          <span className={styles.fact}>
            Average cost <span className={styles.factValue}>$138.00</span>
          </span>
          <span className={styles.badges}>
            <PublicBadge appearance="tint" size="small" color="brand">
              Shopify
            </PublicBadge>
            <PublicBadge appearance="tint" size="small" color="brand">
              Whatnot
            </PublicBadge>
          </span>
        </div>
      </div>
    </ExamplePanel>
  );
}
