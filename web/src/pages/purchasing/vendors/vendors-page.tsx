import { Button, Field, Input, makeStyles, Spinner, Switch, tokens, typographyStyles } from '@fluentui/react-components';
import {
  ArchiveRegular,
  ArrowDownloadRegular,
  ArrowUndoRegular,
  ArrowUploadRegular,
  BuildingShopRegular,
  EditRegular,
  PersonAddRegular,
  SearchRegular,
} from '@fluentui/react-icons';
import type { Vendor } from '@tradepost/shared/schemas/purchasing.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { OffsetPager } from '../../../features/layout/offset-pager.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { downloadVendorsCsv, useArchiveVendor, useVendors } from '../../../features/purchasing/use-vendors.ts';
import { VendorDialog } from '../../../features/purchasing/vendor-dialog.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';
import { VendorImportDialog } from './vendor-import-dialog.tsx';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '8px 16px' },
  search: { flexGrow: 1, maxWidth: '420px', minWidth: '200px' },
  name: { ...typographyStyles.body1Strong },
  archived: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  rowActions: { display: 'flex', gap: '4px', justifyContent: 'flex-end' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

const PAGE = 50;

/** vendors (Contacts → Vendors): whom you buy from, with their terms, orders and spend. */
export function VendorsPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const canWrite = useCan()('purchasing:write');
  const currency = scope?.currency ?? 'USD';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200).trim();
  const [withArchived, setWithArchived] = useState(false);
  const [offset, setOffset] = useState(0);
  const vendors = useVendors(scope, { q: q === '' ? undefined : q, include_archived: withArchived, offset, limit: PAGE });
  const archive = useArchiveVendor(scope);
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const items = vendors.data?.items ?? [];
  const total = vendors.data?.total ?? 0;

  const exportCsv = () => {
    if (scope === undefined) return;
    setExporting(true);
    void downloadVendorsCsv(scope, { q: q === '' ? undefined : q, include_archived: withArchived }).finally(() => setExporting(false));
  };

  return (
    <AppPage
      wide
      title="Vendors"
      description="The companies and people you buy stock from: contacts, terms, and what you ordered and spent with each."
      actions={
        <div className={styles.actions}>
          <Button icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} onClick={exportCsv} disabledFocusable={exporting}>
            Export CSV
          </Button>
          {canWrite ? (
            <>
              <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setEditing('new')}>
                New vendor
              </Button>
            </>
          ) : null}
        </div>
      }
    >
      <section className={styles.card} aria-label="Vendor list">
        <div className={styles.toolbar}>
          <Field className={styles.search} label="Search vendors" hint="Name, contact or e-mail">
            <Input
              type="search"
              value={text}
              contentBefore={<SearchRegular aria-hidden="true" />}
              onChange={(_, d) => {
                setText(d.value);
                setOffset(0);
              }}
            />
          </Field>
          <Switch
            label="Show archived"
            checked={withArchived}
            onChange={(_, d) => {
              setWithArchived(d.checked);
              setOffset(0);
            }}
          />
        </div>
        {vendors.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading vendors…
          </p>
        ) : vendors.isError ? (
          <LoadFailed subject="The vendors" onRetry={() => void vendors.refetch()} retrying={vendors.isFetching} />
        ) : items.length === 0 && q === '' && !withArchived ? (
          <EmptyState
            title="No vendors yet"
            icon={<BuildingShopRegular />}
            actions={
              canWrite ? (
                <>
                  <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setEditing('new')}>
                    New vendor
                  </Button>
                  <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
                    Import CSV
                  </Button>
                </>
              ) : undefined
            }
          >
            Add the suppliers you buy from, one by one or from a CSV file. Then create purchase orders for them: what you receive comes into
            stock at its landed cost.
          </EmptyState>
        ) : items.length === 0 ? (
          <p className={styles.muted}>No vendor matches “{q}”. Check the spelling, or add them as a new vendor.</p>
        ) : (
          <>
            <DataTable
              label="Vendors"
              head={
                <>
                  <th className={table.th}>Name</th>
                  <th className={table.th}>Contact</th>
                  <th className={table.th}>Email</th>
                  <th className={table.th}>Terms</th>
                  <th className={`${table.th} ${table.num}`}>Orders</th>
                  <th className={`${table.th} ${table.num}`}>Spend</th>
                  <th className={table.th}>Last order</th>
                  <th className={table.th} aria-label="Actions" />
                </>
              }
            >
              {items.map((vendor) => (
                <tr key={vendor.id}>
                  <td className={table.td}>
                    <RouterLink to={`/purchase-orders?vendor=${encodeURIComponent(vendor.id)}`}>
                      <span className={styles.name}>{vendor.name}</span>
                    </RouterLink>
                    {vendor.archived ? <span className={styles.archived}>Archived</span> : null}
                  </td>
                  <td className={table.td}>{vendor.contact_name ?? <span className={table.muted}>—</span>}</td>
                  <td className={table.td}>{vendor.email ?? <span className={table.muted}>—</span>}</td>
                  <td className={table.td}>{vendor.terms ?? <span className={table.muted}>—</span>}</td>
                  <td className={`${table.td} ${table.num}`}>{vendor.order_count}</td>
                  <td className={`${table.td} ${table.num}`}>{formatMoney(vendor.spend_cents, currency)}</td>
                  <td className={`${table.td} ${table.nowrap}`}>
                    {vendor.last_order_at === null ? <span className={table.muted}>No orders yet</span> : formatWhen(vendor.last_order_at)}
                  </td>
                  <td className={table.td}>
                    {canWrite ? (
                      <span className={styles.rowActions}>
                        <Button size="small" icon={<EditRegular />} aria-label={`Edit ${vendor.name}`} onClick={() => setEditing(vendor)} />
                        <Button
                          size="small"
                          icon={vendor.archived ? <ArrowUndoRegular /> : <ArchiveRegular />}
                          aria-label={vendor.archived ? `Bring back ${vendor.name}` : `Archive ${vendor.name}`}
                          title={vendor.archived ? 'Bring back' : 'Archive'}
                          disabledFocusable={archive.isPending}
                          onClick={() => archive.mutate({ vendorId: vendor.id, archived: !vendor.archived })}
                        />
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
            <OffsetPager
              offset={offset}
              shown={items.length}
              total={total}
              pageSize={PAGE}
              noun="vendors"
              updating={vendors.isFetching}
              onOffset={setOffset}
            />
          </>
        )}
      </section>
      {editing === null ? null : (
        <VendorDialog
          scope={scope}
          vendor={editing === 'new' ? undefined : editing}
          initialName={editing === 'new' && items.length === 0 ? text.trim() : ''}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {importing ? <VendorImportDialog scope={scope} onClose={() => setImporting(false)} /> : null}
    </AppPage>
  );
}
