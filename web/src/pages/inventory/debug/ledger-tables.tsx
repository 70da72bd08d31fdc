import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../features/catalog/money.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { reasonLabel } from '../../../features/inventory/adjustment-reasons.ts';
import type { VariantLedger } from '../../../features/inventory/use-variant-ledger.ts';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', minWidth: 0, marginInline: '-4px', paddingInline: '4px' },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  th: {
    ...typographyStyles.caption1Strong,
    textAlign: 'start',
    padding: '8px 10px',
    color: tokens.colorNeutralForeground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '8px 10px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, verticalAlign: 'top' },
  num: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  plus: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  minus: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  ok: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    color: tokens.colorPaletteGreenForeground1,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  bad: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

function Table({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.scroll} tabIndex={0} aria-label={label}>
      <table className={styles.table}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

function Delta({ value }: { value: number }) {
  const styles = useStyles();
  if (value === 0) return <span className={styles.muted}>0</span>;
  return <span className={value > 0 ? styles.plus : styles.minus}>{value > 0 ? `+${value}` : `−${-value}`}</span>;
}

type Names = (locationId: string) => string;

export function locationNames(locations: readonly Location[] | undefined): Names {
  const byId = new Map((locations ?? []).map((location) => [location.id, location.name]));
  return (id) => byId.get(id) ?? `Location ${id.slice(0, 8)}`;
}

/** Per location: the stored level beside the sum of the ledger's movements. They must agree. */
export function ReconciliationTable({ ledger, names }: { ledger: VariantLedger; names: Names }) {
  const styles = useStyles();
  if (ledger.reconciliation.length === 0) return <p className={styles.empty}>This size has never had stock at any location.</p>;
  const th = (text: string, numeric = false) => <th className={mergeClasses(styles.th, numeric && styles.num)}>{text}</th>;
  return (
    <Table
      label="Reconciliation by location"
      head={
        <>
          {th('Location')}
          {th('On hand: level / ledger', true)}
          {th('Reserved: level / ledger', true)}
          {th('Committed: level / ledger', true)}
          {th('Available', true)}
          {th('Status')}
        </>
      }
    >
      {ledger.reconciliation.map((row) => (
        <tr key={row.location_id}>
          <td className={styles.td}>{names(row.location_id)}</td>
          <td className={mergeClasses(styles.td, styles.num)}>
            {row.level.on_hand} / {row.ledger.on_hand}
          </td>
          <td className={mergeClasses(styles.td, styles.num)}>
            {row.level.reserved} / {row.ledger.reserved}
          </td>
          <td className={mergeClasses(styles.td, styles.num)}>
            {row.level.committed} / {row.ledger.committed}
          </td>
          <td className={mergeClasses(styles.td, styles.num)}>{row.level.available}</td>
          <td className={styles.td}>
            {row.matches ? <span className={styles.ok}>✓ Matches</span> : <span className={styles.bad}>✗ Differs</span>}
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Every movement of the variant, newest first. */
export function MovementsTable({ ledger, names }: { ledger: VariantLedger; names: Names }) {
  const styles = useStyles();
  if (ledger.movements.length === 0)
    return <p className={styles.empty}>No movements yet: stock has never been added or removed for this size.</p>;
  const movements = [...ledger.movements].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const th = (text: string, numeric = false) => <th className={mergeClasses(styles.th, numeric && styles.num)}>{text}</th>;
  return (
    <Table
      label="Movement history"
      head={
        <>
          {th('When')}
          {th('Location')}
          {th('On hand', true)}
          {th('Reserved', true)}
          {th('Committed', true)}
          {th('Reason')}
          {th('Source')}
          {th('Note')}
        </>
      }
    >
      {movements.map((movement) => (
        <tr key={movement.id}>
          <td className={mergeClasses(styles.td, styles.nowrap)}>{when(movement.created_at)}</td>
          <td className={styles.td}>{names(movement.location_id)}</td>
          <td className={mergeClasses(styles.td, styles.num)}>
            <Delta value={movement.on_hand_delta} />
          </td>
          <td className={mergeClasses(styles.td, styles.num)}>
            <Delta value={movement.reserved_delta} />
          </td>
          <td className={mergeClasses(styles.td, styles.num)}>
            <Delta value={movement.committed_delta} />
          </td>
          <td className={styles.td}>{reasonLabel(movement.reason_code ?? movement.reason)}</td>
          <td className={mergeClasses(styles.td, styles.muted)}>{movement.reference_type?.replace(/_/g, ' ') ?? '—'}</td>
          <td className={mergeClasses(styles.td, movement.note === null && styles.muted)}>{movement.note ?? '—'}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Cost lots in FIFO order (oldest first, consumed first). */
export function LotsTable({ ledger, currency }: { ledger: VariantLedger; currency: string }) {
  const styles = useStyles();
  if (ledger.lots.length === 0)
    return <p className={styles.empty}>No cost lots: stock added without a unit cost has no lot, and counts as units without cost.</p>;
  const lots = [...ledger.lots].sort((a, b) => (a.acquired_at < b.acquired_at ? -1 : a.acquired_at > b.acquired_at ? 1 : 0));
  const th = (text: string, numeric = false) => <th className={mergeClasses(styles.th, numeric && styles.num)}>{text}</th>;
  return (
    <Table
      label="FIFO cost lots"
      head={
        <>
          {th('Acquired')}
          {th('Source')}
          {th('Received', true)}
          {th('Remaining', true)}
          {th('Unit cost', true)}
          {th('Remaining value', true)}
        </>
      }
    >
      {lots.map((lot) => (
        <tr key={lot.id}>
          <td className={mergeClasses(styles.td, styles.nowrap)}>{when(lot.acquired_at)}</td>
          <td className={styles.td}>{lot.source.replace(/_/g, ' ')}</td>
          <td className={mergeClasses(styles.td, styles.num)}>{lot.quantity_received}</td>
          <td className={mergeClasses(styles.td, styles.num, lot.quantity_remaining === 0 && styles.muted)}>{lot.quantity_remaining}</td>
          <td className={mergeClasses(styles.td, styles.num)}>
            <Sensitive kind="money">{formatMoney(lot.unit_cost_cents, currency)}</Sensitive>
          </td>
          <td className={mergeClasses(styles.td, styles.num)}>
            <Sensitive kind="money">{formatMoney(lot.unit_cost_cents * lot.quantity_remaining, currency)}</Sensitive>
          </td>
        </tr>
      ))}
    </Table>
  );
}
