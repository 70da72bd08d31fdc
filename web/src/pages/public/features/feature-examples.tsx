import { Badge, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowSyncRegular, BookNumberRegular, CloudFlowRegular, PuzzlePieceRegular } from '@fluentui/react-icons';
import { ExamplePanel } from './example-panel.tsx';

const useStyles = makeStyles({
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    ...typographyStyles.caption1,
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorNeutralForeground1,
  },
  th: {
    ...typographyStyles.caption1Strong,
    textAlign: 'right',
    padding: '6px 8px',
    color: tokens.colorNeutralForeground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  thStart: { textAlign: 'left' },
  td: { textAlign: 'right', padding: '9px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  tdStart: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold },
  zero: { color: tokens.colorNeutralForeground4 },
  note: {
    ...typographyStyles.caption1,
    margin: '12px 0 0',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: '52px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '10px',
    padding: '9px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
    ':last-child': { borderBottom: 'none' },
  },
  delta: { ...typographyStyles.body1Strong, fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground1 },
  plus: { color: tokens.colorPaletteGreenForeground1 },
  what: { minWidth: 0 },
  whatTitle: { display: 'block', ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground1 },
  money: { fontVariantNumeric: 'tabular-nums', textAlign: 'right', color: tokens.colorNeutralForeground1 },
  timeline: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '0' },
  step: {
    display: 'grid',
    gridTemplateColumns: '44px 14px minmax(0, 1fr)',
    gap: '10px',
    alignItems: 'start',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
  },
  time: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground3, paddingTop: '1px', textAlign: 'right' },
  rail: { display: 'flex', flexDirection: 'column', alignItems: 'center', alignSelf: 'stretch' },
  dot: {
    width: '10px',
    height: '10px',
    marginTop: '3px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    flexShrink: 0,
  },
  line: { width: '2px', flexGrow: 1, minHeight: '18px', backgroundColor: tokens.colorBrandStroke2 },
  stepText: { paddingBottom: '14px' },
  browser: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.1fr)', gap: '12px' },
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  address: {
    ...typographyStyles.caption2,
    padding: '4px 8px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  shape: { height: '10px', borderRadius: tokens.borderRadiusSmall, backgroundColor: tokens.colorNeutralStroke2 },
  shapeImage: { height: '64px' },
  shapeShort: { width: '60%' },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorBrandStroke2}`,
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
  },
  sideTitle: { ...typographyStyles.caption1Strong, color: tokens.colorBrandForeground1 },
  fact: { display: 'flex', justifyContent: 'space-between', gap: '8px' },
  factValue: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground1, fontVariantNumeric: 'tabular-nums' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
});

const sizes = [
  { size: 'US 9', onHand: 2, ebay: 2, shopify: 2, whatnot: 1 },
  { size: 'US 10', onHand: 1, ebay: 1, shopify: 1, whatnot: 1 },
  { size: 'US 10.5', onHand: 0, ebay: 0, shopify: 0, whatnot: 0 },
  { size: 'US 11', onHand: 3, ebay: 3, shopify: 3, whatnot: 2 },
] as const;

export function SyncExample() {
  const styles = useStyles();
  const cell = (value: number, start = false) => (
    <td className={mergeClasses(styles.td, start && styles.tdStart, value === 0 && styles.zero)}>{value}</td>
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
            <th className={mergeClasses(styles.th, styles.thStart)} scope="col">
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
              <th scope="row" className={mergeClasses(styles.td, styles.tdStart)}>
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
  const styles = useStyles();
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
            <span className={mergeClasses(styles.delta, movement.plus && styles.plus)}>{movement.delta}</span>
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
  const styles = useStyles();
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
  const styles = useStyles();
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
          <span className={mergeClasses(styles.shape, styles.shapeImage)} />
          <span className={styles.shape} />
          <span className={mergeClasses(styles.shape, styles.shapeShort)} />
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
            <Badge appearance="tint" size="small" color="brand">
              Shopify
            </Badge>
            <Badge appearance="tint" size="small" color="brand">
              Whatnot
            </Badge>
          </span>
        </div>
      </div>
    </ExamplePanel>
  );
}
