import {
  Badge,
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
  mergeClasses,
  Spinner,
  Tab,
  TabList,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowSwapRegular, CheckmarkRegular, ShoppingBagRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import { type Payout, type PayoutList, type PayoutMethod, payoutMethodLabels } from '@tradepost/shared/schemas/payouts.ts';
import { purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { formatMoney } from '../../features/catalog/money.ts';
import { Sensitive } from '../../features/demo-mode/sensitive.tsx';
import { FormErrorAlert } from '../../features/forms/form-error-alert.tsx';
import { EmptyState } from '../../features/layout/empty-state.tsx';
import { ButtonLink, RouterLink } from '../../features/navigation/router-link.tsx';
import { type BusinessScope, useBusinessScope } from '../../features/session/use-business-scope.ts';
import { useCan } from '../../features/session/use-can.ts';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { type PendingGroup, payoutAge, payoutDestination, payoutIsOld, pendingGroups } from './payouts-model.ts';
import { useMarkPayoutPaid, usePayouts } from './use-payouts.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  summary: { display: 'flex', flexDirection: 'column', gap: '10px' },
  owed: { ...typographyStyles.subtitle1, margin: 0, fontVariantNumeric: 'tabular-nums' },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '8px' },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '2px',
    height: 'auto',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'start',
    fontVariantNumeric: 'tabular-nums',
  },
  tileOn: { border: `2px solid ${tokens.colorBrandStroke1}`, padding: '9px 11px' },
  tileLabel: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    alignItems: 'center',
    gap: '6px',
  },
  tileAmount: { ...typographyStyles.title3 },
  tileCount: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  bar: {
    display: 'flex',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  dot: { width: '10px', height: '10px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  old: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: 0, ...typographyStyles.body1 },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
});

/** One colour per method, the same in the tiles and the bar. */
const methodColours: Record<PayoutMethod, string> = {
  bank_transfer: tokens.colorPaletteBlueBorderActive,
  check: tokens.colorPaletteMarigoldBorderActive,
  cash: tokens.colorPaletteGreenBorderActive,
  store_credit: tokens.colorPaletteBerryBorderActive,
};

type StatusFilter = 'pending' | 'paid' | 'all';
const LIMIT = 100;

/**
 * The #check-payouts panel of Quick Actions: what is owed to sellers, by method at a glance, the
 * payouts themselves, and "Mark paid" with the transfer's or check's reference.
 */
export function CheckPayoutsSection({ icon }: { icon: ReactNode }) {
  const scope = useBusinessScope();
  return (
    <PageSection
      id="check-payouts-title"
      title="Check payouts"
      icon={icon}
      description="Bank transfers and checks owed to sellers wait here until you mark them paid with their reference."
    >
      <CheckPayoutsPanel scope={scope} />
    </PageSection>
  );
}

export function CheckPayoutsPanel({ scope }: { scope: BusinessScope | undefined }) {
  const styles = useStyles();
  const can = useCan();
  const { data: user } = useCurrentUser();
  const canRead = can('purchasing:read');
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [method, setMethod] = useState<PayoutMethod | undefined>(undefined);
  const [paying, setPaying] = useState<Payout | null>(null);
  const list = usePayouts(scope, { status, method, limit: LIMIT }, canRead);

  if (!canRead) {
    return user === undefined ? (
      <Spinner size="tiny" label="Loading payouts…" />
    ) : (
      <p className={styles.muted}>Your role does not include purchasing, so payouts are not shown here.</p>
    );
  }
  if (list.data === undefined) {
    return list.isError ? (
      <FormErrorAlert message="The payouts could not be loaded. Reload the page to try again." />
    ) : (
      <Spinner size="tiny" label="Loading payouts…" />
    );
  }
  return (
    <>
      <PayoutsView
        list={list.data}
        status={status}
        method={method}
        currency={scope?.currency ?? 'USD'}
        now={Date.now()}
        canWrite={can('purchasing:write')}
        onStatus={setStatus}
        onMethod={setMethod}
        onPay={setPaying}
      />
      {paying === null ? null : <MarkPaidDialog scope={scope} payout={paying} onClose={() => setPaying(null)} />}
    </>
  );
}

type PayoutsViewProps = {
  list: PayoutList;
  status: StatusFilter;
  method: PayoutMethod | undefined;
  currency: string;
  now: number;
  canWrite: boolean;
  onStatus: (status: StatusFilter) => void;
  onMethod: (method: PayoutMethod | undefined) => void;
  onPay: (payout: Payout) => void;
};

/** What is owed by method, the filter, and the payouts (or the empty state saying what creates one). */
export function PayoutsView({ list, status, method, currency, now, canWrite, onStatus, onMethod, onPay }: PayoutsViewProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const money = (cents: number) => formatMoney(cents, currency);
  const pending = pendingGroups(list.pending_by_method);
  const items = list.items;
  const filtered = status !== 'pending' || method !== undefined;

  return (
    <div className={styles.root}>
      {pending.count === 0 ? null : (
        <PendingSummary
          groups={pending.groups}
          count={pending.count}
          amountCents={pending.amountCents}
          money={money}
          chosen={status === 'pending' ? method : undefined}
          onChoose={(next) => {
            onStatus('pending');
            onMethod(next === method ? undefined : next);
          }}
        />
      )}
      <div className={styles.toolbar}>
        <TabList
          size="small"
          selectedValue={status}
          onTabSelect={(_, data) => onStatus(data.value === 'paid' ? 'paid' : data.value === 'all' ? 'all' : 'pending')}
          aria-label="Show payouts"
        >
          <Tab value="pending">Pending</Tab>
          <Tab value="paid">Paid</Tab>
          <Tab value="all">All</Tab>
        </TabList>
        {method === undefined ? null : (
          <Button size="small" appearance="subtle" onClick={() => onMethod(undefined)}>
            Showing {payoutMethodLabels[method].toLowerCase()} only · show every method
          </Button>
        )}
      </div>
      {items.length === 0 ? (
        filtered ? (
          <p className={styles.muted}>No {status === 'all' ? '' : `${status} `}payouts match this filter.</p>
        ) : (
          <EmptyState
            title="No payouts waiting"
            tone="success"
            icon={<CheckmarkRegular />}
            actions={
              <>
                <ButtonLink to="#in-store-purchase" icon={<ShoppingBagRegular />}>
                  In-store purchase
                </ButtonLink>
                <ButtonLink to="#trade" appearance="subtle" icon={<ArrowSwapRegular />}>
                  Trade
                </ButtonLink>
              </>
            }
          >
            A payout is owed when you buy from a seller at the counter, or take more in a trade than you give, and pay by bank transfer or
            check. Cash and store credit are settled on the spot.
          </EmptyState>
        )
      ) : (
        <>
          <DataTable
            label={status === 'pending' ? 'Pending payouts' : status === 'paid' ? 'Paid payouts' : 'Payouts'}
            head={
              <>
                <th className={table.th}>Payee</th>
                <th className={table.th}>Purchase</th>
                <th className={mergeClasses(table.th, table.num)}>Amount</th>
                <th className={table.th}>Method</th>
                <th className={table.th}>Pay to</th>
                <th className={table.th}>{status === 'pending' ? 'Waiting' : 'Status'}</th>
                <th className={table.th} aria-label="Actions" />
              </>
            }
          >
            {items.map((payout) => {
              const destination = payoutDestination(payout);
              return (
                <tr key={payout.id}>
                  <td className={table.td}>
                    <Sensitive kind="name">{payout.payee_name}</Sensitive>
                  </td>
                  <td className={mergeClasses(table.td, table.nowrap)}>
                    <RouterLink to={`/purchase-orders/${encodeURIComponent(payout.purchase_order_id)}`}>
                      {purchaseOrderLabel(payout.purchase_order_number)}
                    </RouterLink>
                    {payout.trade_id === null ? null : (
                      <>
                        {' '}
                        <Badge appearance="tint" size="small">
                          Trade
                        </Badge>
                      </>
                    )}
                  </td>
                  <td className={mergeClasses(table.td, table.num)}>
                    <Sensitive kind="money">{money(payout.amount_cents)}</Sensitive>
                  </td>
                  <td className={mergeClasses(table.td, table.nowrap)}>{payoutMethodLabels[payout.method]}</td>
                  <td className={table.td}>
                    {destination === null ? <span className={table.muted}>—</span> : <Sensitive kind="contact">{destination}</Sensitive>}
                  </td>
                  <td className={mergeClasses(table.td, table.nowrap)}>
                    {payout.status === 'pending' ? (
                      <span className={payoutIsOld(payout.created_at, now) ? styles.old : undefined} title={formatWhen(payout.created_at)}>
                        {payoutAge(payout.created_at, now)}
                      </span>
                    ) : (
                      <span>
                        Paid{payout.paid_at === null ? '' : ` ${formatWhen(payout.paid_at)}`}
                        <br />
                        <span className={table.muted}>
                          {payout.reference === null ? 'At the counter' : `Ref. ${payout.reference}`}
                          {payout.paid_by_name === null ? '' : ` · ${payout.paid_by_name}`}
                        </span>
                      </span>
                    )}
                  </td>
                  <td className={mergeClasses(table.td, table.num)}>
                    {payout.status === 'pending' && canWrite ? (
                      <Button
                        size="small"
                        icon={<CheckmarkRegular />}
                        aria-label={`Mark paid: ${payout.payee_name}, ${money(payout.amount_cents)}`}
                        onClick={() => onPay(payout)}
                      >
                        Mark paid
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
          {list.total > items.length ? (
            <p className={styles.muted}>
              The newest {items.length} of {list.total} are shown.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

type PendingSummaryProps = {
  groups: PendingGroup[];
  count: number;
  amountCents: number;
  money: (cents: number) => string;
  chosen: PayoutMethod | undefined;
  onChoose: (method: PayoutMethod) => void;
};

/** What is owed: the total, a bar split by method, and a tile per method (click: only that method). */
function PendingSummary({ groups, count, amountCents, money, chosen, onChoose }: PendingSummaryProps) {
  const styles = useStyles();
  return (
    <div className={styles.summary}>
      <p className={styles.owed} data-testid="payouts-owed">
        {money(amountCents)} owed in {count === 1 ? '1 payout' : `${count} payouts`}
      </p>
      <div className={styles.bar} role="img" aria-label={groups.map((g) => `${g.label} ${g.sharePercent}%`).join(', ')}>
        {groups.map((group) => (
          <span key={group.method} style={{ width: `${group.sharePercent}%`, backgroundColor: methodColours[group.method] }} />
        ))}
      </div>
      <div className={styles.tiles}>
        {groups.map((group) => (
          <Button
            key={group.method}
            className={mergeClasses(styles.tile, chosen === group.method && styles.tileOn)}
            aria-pressed={chosen === group.method}
            onClick={() => onChoose(group.method)}
          >
            <span className={styles.tileLabel}>
              <span className={styles.dot} style={{ backgroundColor: methodColours[group.method] }} />
              {group.label}
            </span>
            <span className={styles.tileAmount}>{money(group.amountCents)}</span>
            <span className={styles.tileCount}>{group.count === 1 ? '1 payout' : `${group.count} payouts`}</span>
          </Button>
        ))}
      </div>
    </div>
  );
}

/** The reference is required; a payout paid meanwhile (another tab, a second click) says so plainly. */
function MarkPaidDialog({ scope, payout, onClose }: { scope: BusinessScope | undefined; payout: Payout; onClose: () => void }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const currency = scope?.currency ?? 'USD';
  const mark = useMarkPayoutPaid(scope);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const destination = payoutDestination(payout);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    if (reference.trim() === '') {
      setError('Reference is required');
      return;
    }
    setError(undefined);
    mark.mutate(
      { payoutId: payout.id, reference: reference.trim() },
      {
        onSuccess: onClose,
        onError: (failure) => {
          const result = fieldErrors(failure, (path) => path === 'reference', 'The payout was not marked paid.');
          if (result.code === 'PAYOUT_ALREADY_PAID') {
            // Someone else paid it: the list catches up, and this says so.
            void queryClient.invalidateQueries({ queryKey: purchasingKeys.payoutLists() });
            setGeneral(result.message ?? 'This payout is already paid.');
          } else {
            setError(result.fields.reference);
            setGeneral(result.general);
          }
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate aria-label="Mark payout paid">
          <DialogBody>
            <DialogTitle>Mark the payout to {payout.payee_name} paid</DialogTitle>
            <DialogContent className={styles.content}>
              <dl className={styles.facts}>
                <dt className={styles.term}>Amount</dt>
                <dd className={styles.detail}>{formatMoney(payout.amount_cents, currency)}</dd>
                <dt className={styles.term}>Method</dt>
                <dd className={styles.detail}>{payoutMethodLabels[payout.method]}</dd>
                {destination === null ? null : (
                  <>
                    <dt className={styles.term}>Pay to</dt>
                    <dd className={styles.detail}>{destination}</dd>
                  </>
                )}
                <dt className={styles.term}>Purchase</dt>
                <dd className={styles.detail}>{purchaseOrderLabel(payout.purchase_order_number)}</dd>
              </dl>
              <Field
                label={payout.method === 'check' ? 'Check number' : 'Transfer reference'}
                hint="As it appears on your bank statement or the check stub."
                required
                validationMessage={error}
              >
                <Input
                  autoFocus
                  value={reference}
                  onChange={(_, d) => {
                    setReference(d.value);
                    setError(undefined);
                  }}
                />
              </Field>
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={mark.isPending}
                icon={mark.isPending ? <Spinner size="tiny" /> : <CheckmarkRegular />}
              >
                Mark paid
              </Button>
              <Button onClick={onClose}>{general === undefined ? 'Cancel' : 'Close'}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
