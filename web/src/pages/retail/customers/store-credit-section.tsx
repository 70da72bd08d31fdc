import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { WalletCreditCardRegular } from '@fluentui/react-icons';
import type { StoreCreditEntry } from '@tradepost/shared/schemas/store-credit.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import {
  type AdjustmentDraft,
  emptyAdjustment,
  entryHref,
  entryReasonLabel,
  entryReference,
  readAdjustment,
} from '../../../features/retail/store-credit-model.ts';
import { useAdjustStoreCredit, useStoreCredit } from '../../../features/retail/use-store-credit.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' },
  title: { ...typographyStyles.subtitle2, margin: 0 },
  balance: { ...typographyStyles.title2, margin: 0, fontVariantNumeric: 'tabular-nums' },
  balanceLabel: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground3 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  plus: { color: tokens.colorPaletteGreenForeground1 },
  minus: { color: tokens.colorPaletteRedForeground1 },
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

type StoreCreditSectionProps = { scope: BusinessScope | undefined; customerId: string; customerName: string };

/** A customer's store credit: the balance, what changed it (reason, reference, who, when) and an adjustment by hand. */
export function StoreCreditSection({ scope, customerId, customerName }: StoreCreditSectionProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const currency = scope?.currency ?? 'USD';
  const credit = useStoreCredit(scope, customerId);
  const [adjusting, setAdjusting] = useState(false);
  const entries = credit.data?.entries ?? [];

  return (
    <section aria-labelledby="customer-store-credit" className={styles.section}>
      <div className={styles.head}>
        <h3 id="customer-store-credit" className={styles.title}>
          Store credit
        </h3>
        <Button icon={<WalletCreditCardRegular />} onClick={() => setAdjusting(true)} disabled={credit.data === undefined}>
          Adjust
        </Button>
      </div>
      {credit.data === undefined ? (
        credit.isError ? (
          <FormErrorAlert message="The store credit could not be loaded. Close this panel and open it again." />
        ) : (
          <Spinner size="tiny" label="Loading store credit…" />
        )
      ) : (
        <>
          <div>
            <span className={styles.balanceLabel}>Balance</span>
            <p className={styles.balance} data-testid="store-credit-balance">
              <Sensitive kind="money">{formatMoney(credit.data.balance_cents, currency)}</Sensitive>
            </p>
          </div>
          {entries.length === 0 ? (
            <p className={styles.muted}>
              No store credit yet. Paying a seller or a trade in store credit adds to it; the point of sale spends it.
            </p>
          ) : (
            <StoreCreditEntries entries={entries} currency={currency} label={`Store credit of ${customerName}`} table={table} />
          )}
          {credit.data.total > entries.length ? (
            <p className={styles.muted}>
              The latest {entries.length} of {credit.data.total} changes are shown.
            </p>
          ) : null}
        </>
      )}
      {adjusting && credit.data !== undefined ? (
        <AdjustStoreCreditDialog
          scope={scope}
          customerId={customerId}
          customerName={customerName}
          balanceCents={credit.data.balance_cents}
          onClose={() => setAdjusting(false)}
        />
      ) : null}
    </section>
  );
}

function StoreCreditEntries({
  entries,
  currency,
  label,
  table,
}: {
  entries: readonly StoreCreditEntry[];
  currency: string;
  label: string;
  table: ReturnType<typeof useTableStyles>;
}) {
  const styles = useStyles();
  return (
    <DataTable
      label={label}
      head={
        <>
          <th className={table.th}>When</th>
          <th className={table.th}>Reason</th>
          <th className={`${table.th} ${table.num}`}>Amount</th>
          <th className={`${table.th} ${table.num}`}>Balance</th>
          <th className={table.th}>By</th>
        </>
      }
    >
      {entries.map((entry) => {
        const reference = entryReference(entry);
        const href = entryHref(entry);
        return (
          <tr key={entry.id}>
            <td className={`${table.td} ${table.nowrap}`}>{formatWhen(entry.created_at)}</td>
            <td className={table.td}>
              {entryReasonLabel(entry)}
              {reference === null ? null : (
                <>
                  {' · '}
                  {href === null ? reference : <RouterLink to={href}>{reference}</RouterLink>}
                </>
              )}
              {entry.note === null ? null : (
                <>
                  <br />
                  <span className={table.muted}>{entry.note}</span>
                </>
              )}
            </td>
            <td className={`${table.td} ${table.num} ${entry.amount_cents < 0 ? styles.minus : styles.plus}`}>
              <Sensitive kind="money">{`${entry.amount_cents > 0 ? '+' : '−'}${formatMoney(Math.abs(entry.amount_cents), currency)}`}</Sensitive>
            </td>
            <td className={`${table.td} ${table.num}`}>
              <Sensitive kind="money">{formatMoney(entry.balance_after_cents, currency)}</Sensitive>
            </td>
            <td className={table.td}>{entry.created_by_name ?? '—'}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

type AdjustProps = {
  scope: BusinessScope | undefined;
  customerId: string;
  customerName: string;
  balanceCents: number;
  onClose: () => void;
};

/** Add to or take from the balance by hand, with the reason (required); never below zero. */
function AdjustStoreCreditDialog({ scope, customerId, customerName, balanceCents, onClose }: AdjustProps) {
  const styles = useStyles();
  const currency = scope?.currency ?? 'USD';
  const adjust = useAdjustStoreCredit(scope, customerId);
  const [draft, setDraft] = useState<AdjustmentDraft>(emptyAdjustment);
  const [errors, setErrors] = useState<Partial<Record<'amount_cents' | 'note', string>>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const read = readAdjustment(draft, balanceCents, currency, formatMoney);
    if (!read.ok) {
      setErrors(read.fields);
      return;
    }
    setErrors({});
    adjust.mutate(read.body, {
      onSuccess: onClose,
      onError: (error) => {
        const result = fieldErrors(error, (path) => path === 'amount_cents' || path === 'note', 'The balance was not changed.');
        // Spent meanwhile (409 INSUFFICIENT_STORE_CREDIT): said beside the amount.
        if (result.code === 'INSUFFICIENT_STORE_CREDIT') setErrors({ amount_cents: result.message ?? result.general });
        else {
          setErrors(result.fields);
          setGeneral(result.general);
        }
      },
    });
  };

  const set = (patch: Partial<AdjustmentDraft>) => {
    setDraft((prev) => ({ ...prev, ...patch }));
    setErrors({});
  };

  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate aria-label="Adjust store credit">
          <DialogBody>
            <DialogTitle>Adjust the store credit of {customerName}</DialogTitle>
            <DialogContent className={styles.content}>
              <p className={styles.muted}>Balance now: {formatMoney(balanceCents, currency)}</p>
              <RadioGroup
                layout="horizontal"
                aria-label="Add or take away"
                value={draft.direction}
                onChange={(_, d) => set({ direction: d.value === 'remove' ? 'remove' : 'add' })}
              >
                <Radio value="add" label="Add" />
                <Radio value="remove" label="Take away" />
              </RadioGroup>
              <Field label={`Amount (${currency})`} required validationMessage={errors.amount_cents}>
                <Input inputMode="decimal" autoFocus value={draft.amount} onChange={(_, d) => set({ amount: d.value })} />
              </Field>
              <Field label="Why" required validationMessage={errors.note} hint="Kept with the change, for whoever looks later.">
                <Textarea value={draft.note} onChange={(_, d) => set({ note: d.value })} />
              </Field>
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={adjust.isPending}
                icon={adjust.isPending ? <Spinner size="tiny" /> : undefined}
              >
                Save adjustment
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
