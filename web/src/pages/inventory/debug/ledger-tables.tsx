import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { reasonLabel } from '../../../features/inventory/adjustment-reasons.ts';
import type { VariantLedger } from '../../../features/inventory/use-variant-ledger.ts';

// The table look is the shared one (shared/src/ui/data-table.tsx); these are the ledger's own marks.
const useStyles = makeStyles({
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

function Delta({ value }: { value: number }) {
  const table = useTableStyles();
  if (value === 0) return <span className={table.muted}>0</span>;
  return <span className={value > 0 ? table.plus : table.minus}>{value > 0 ? `+${value}` : `−${-value}`}</span>;
}

type Names = (locationId: string) => string;

export function locationNames(locations: readonly Location[] | undefined): Names {
  const byId = new Map((locations ?? []).map((location) => [location.id, location.name]));
  return (id) => byId.get(id) ?? `Location ${id.slice(0, 8)}`;
}

/** Per location: the stored level beside the sum of the ledger's movements. They must agree. */
export function ReconciliationTable({ ledger, names }: { ledger: VariantLedger; names: Names }) {
  const styles = useStyles();
  const table = useTableStyles();
  if (ledger.reconciliation.length === 0) return <p className={styles.empty}>This size has never had stock at any location.</p>;
  const th = (text: string, numeric = false) => <th className={mergeClasses(table.th, numeric && table.num)}>{text}</th>;
  return (
    <DataTable
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
          <td className={table.td}>{names(row.location_id)}</td>
          <td className={mergeClasses(table.td, table.num)}>
            {row.level.on_hand} / {row.ledger.on_hand}
          </td>
          <td className={mergeClasses(table.td, table.num)}>
            {row.level.reserved} / {row.ledger.reserved}
          </td>
          <td className={mergeClasses(table.td, table.num)}>
            {row.level.committed} / {row.ledger.committed}
          </td>
          <td className={mergeClasses(table.td, table.num)}>{row.level.available}</td>
          <td className={table.td}>
            {row.matches ? <span className={styles.ok}>✓ Matches</span> : <span className={styles.bad}>✗ Differs</span>}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Every movement of the variant, newest first. */
export function MovementsTable({ ledger, names }: { ledger: VariantLedger; names: Names }) {
  const styles = useStyles();
  const table = useTableStyles();
  if (ledger.movements.length === 0)
    return <p className={styles.empty}>No movements yet: stock has never been added or removed for this size.</p>;
  const movements = [...ledger.movements].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const th = (text: string, numeric = false) => <th className={mergeClasses(table.th, numeric && table.num)}>{text}</th>;
  return (
    <DataTable
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
          <td className={mergeClasses(table.td, table.nowrap)}>{formatWhen(movement.created_at)}</td>
          <td className={table.td}>{names(movement.location_id)}</td>
          <td className={mergeClasses(table.td, table.num)}>
            <Delta value={movement.on_hand_delta} />
          </td>
          <td className={mergeClasses(table.td, table.num)}>
            <Delta value={movement.reserved_delta} />
          </td>
          <td className={mergeClasses(table.td, table.num)}>
            <Delta value={movement.committed_delta} />
          </td>
          <td className={table.td}>{reasonLabel(movement.reason_code ?? movement.reason)}</td>
          <td className={mergeClasses(table.td, table.muted)}>{movement.reference_type?.replace(/_/g, ' ') ?? '—'}</td>
          <td className={mergeClasses(table.td, movement.note === null && table.muted)}>{movement.note ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Cost lots in FIFO order (oldest first, consumed first). */
export function LotsTable({ ledger, currency }: { ledger: VariantLedger; currency: string }) {
  const styles = useStyles();
  const table = useTableStyles();
  if (ledger.lots.length === 0)
    return <p className={styles.empty}>No cost lots: stock added without a unit cost has no lot, and counts as units without cost.</p>;
  const lots = [...ledger.lots].sort((a, b) => (a.acquired_at < b.acquired_at ? -1 : a.acquired_at > b.acquired_at ? 1 : 0));
  const th = (text: string, numeric = false) => <th className={mergeClasses(table.th, numeric && table.num)}>{text}</th>;
  return (
    <DataTable
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
          <td className={mergeClasses(table.td, table.nowrap)}>{formatWhen(lot.acquired_at)}</td>
          <td className={table.td}>{lot.source.replace(/_/g, ' ')}</td>
          <td className={mergeClasses(table.td, table.num)}>{lot.quantity_received}</td>
          <td className={mergeClasses(table.td, table.num, lot.quantity_remaining === 0 && table.muted)}>{lot.quantity_remaining}</td>
          <td className={mergeClasses(table.td, table.num)}>
            <Sensitive kind="money">{formatMoney(lot.unit_cost_cents, currency)}</Sensitive>
          </td>
          <td className={mergeClasses(table.td, table.num)}>
            <Sensitive kind="money">{formatMoney(lot.unit_cost_cents * lot.quantity_remaining, currency)}</Sensitive>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
