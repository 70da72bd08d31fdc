import {
  Button,
  Checkbox,
  Field,
  Input,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, DismissRegular, MegaphoneRegular, SearchRegular } from '@fluentui/react-icons';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { InventoryControlRow, Listing, ListingConnection } from '@tradepost/shared/schemas/listings.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useRowSelection } from '@tradepost/shared/ui/row-selection.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type CSSProperties, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { StartedBatch } from '../../../features/batch-operations/bulk-actions.tsx';
import { NoMarketplaceConnected } from '../../../features/batch-operations/marketplace-gate.tsx';
import { useCreateBatch } from '../../../features/batch-operations/use-batch-operations.ts';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { ConfirmDialog } from '../../../features/forms/confirm-dialog.tsx';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { PhotoThumb } from '../../../features/media/photo-thumb.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useEndListing, useInventoryControl, useListProduct } from '../../../features/sync/use-listings.ts';
import { ListingCell } from './listing-cell.tsx';
import { type DialogSize, ListingOverridesDialog } from './listing-overrides-dialog.tsx';

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
  search: { flexGrow: 1, minWidth: '220px', maxWidth: '420px' },
  channel: { minWidth: '180px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' },
  row: {
    display: 'grid',
    gap: '12px',
    padding: '14px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    // Same columns on every row, so each marketplace lines up down the page like a table.
    gridTemplateColumns: 'minmax(220px, 1fr) minmax(0, var(--cells-width))',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  cells: {
    display: 'grid',
    gap: '8px',
    gridTemplateColumns: 'repeat(var(--columns), minmax(0, 1fr))',
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' },
  },
  product: { display: 'flex', gap: '12px', minWidth: 0, alignItems: 'flex-start' },
  chosen: { backgroundColor: tokens.colorBrandBackground2, border: `1px solid ${tokens.colorBrandStroke2}` },
  bar: {
    position: 'sticky',
    top: '8px',
    zIndex: 2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 12px',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    boxShadow: tokens.shadow4,
  },
  barCount: { ...typographyStyles.body1Strong, margin: 0, marginInlineEnd: 'auto' },
  thumb: { width: '56px', fontSize: '24px' },
  titles: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  sizes: { display: 'flex', flexWrap: 'wrap', gap: '4px', margin: 0, padding: 0, listStyle: 'none' },
  size: {
    ...typographyStyles.caption1,
    padding: '1px 6px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  none: { color: tokens.colorNeutralForeground4 },
  title: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  stock: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  more: { alignSelf: 'center' },
  status: { ...typographyStyles.body1, display: 'flex', gap: '8px', alignItems: 'center', color: tokens.colorNeutralForeground3 },
});

type Pending = { connectionId: string; productId: string };
type Refusals = Record<string, string>;
const cellKey = (connectionId: string, productId: string) => `${connectionId}:${productId}`;

type RowCheck = { checked: boolean; onClick: (event: { shiftKey: boolean }) => void; onChange: () => void };

function ProductSummary({ row, check }: { row: InventoryControlRow; check: RowCheck }) {
  const styles = useStyles();
  const label = (size: string) => (isSizeFormatId(row.size_format) ? sizeLabel(row.size_format, size) : size);
  const total = row.variants.reduce((sum, v) => sum + v.available, 0);
  return (
    <div className={styles.product}>
      <Checkbox checked={check.checked} aria-label={`Select ${row.title}`} onClick={check.onClick} onChange={check.onChange} />
      <PhotoThumb image={row.image} alt="" className={styles.thumb} />
      <div className={styles.titles}>
        <p className={styles.title}>{row.title}</p>
        <p className={styles.meta}>{[row.brand, row.style_code].filter(Boolean).join(' · ') || 'No style code'}</p>
        <p className={styles.stock}>{total} available</p>
        <ul className={styles.sizes} aria-label="Available per size">
          {row.variants.map((v) => (
            <li
              key={v.id}
              className={mergeClasses(styles.size, v.available === 0 && styles.none)}
              title={`${label(v.size)}: ${v.available} available`}
            >
              {v.size} · {v.available}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** listings/inventory-control: every active product against every connected marketplace, to list, end and tune. */
export function InventoryControlPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const toast = useAppToast();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(text, 250);
  const connectionId = params.get('channel');
  const control = useInventoryControl(scope, { search, connectionId });
  const list = useListProduct(scope);
  const end = useEndListing(scope);
  const [pending, setPending] = useState<Pending[]>([]);
  const [refusals, setRefusals] = useState<Refusals>({});
  const [ending, setEnding] = useState<{ listing: Listing; title: string } | null>(null);
  const [editing, setEditing] = useState<{ listing: Listing; title: string; buffer: number; sizes: DialogSize[] } | null>(null);

  const pages = control.data?.pages ?? [];
  const connections: ListingConnection[] = pages[0]?.connections ?? [];
  const rows = useMemo(() => (control.data?.pages ?? []).flatMap((page) => page.rows), [control.data]);
  const columns = connections.length;
  // The same selection as the products table: shift-click, keys, cleared by another search or channel.
  const order = useMemo(() => rows.map((row) => row.product_id), [rows]);
  const selection = useRowSelection({ order, resetKey: JSON.stringify([search.trim(), connectionId]) });
  const chosen = rows.filter((row) => selection.isSelected(row.product_id));
  const createBatch = useCreateBatch(scope);
  const [started, setStarted] = useState<BatchOperation | null>(null);
  const batchRefusal = createBatch.error ? apiFormErrors(createBatch.error, [] as const, 'The batch could not be started.').general : null;

  /** One batch lists every chosen product on the channel, with its progress bar here. */
  const listAllChosen = (connection: ListingConnection) =>
    createBatch.mutate(
      { connection_id: connection.id, operation_type: 'list', items: chosen.map((row) => ({ product_id: row.product_id })) },
      {
        onSuccess: (batch) => {
          setStarted(batch);
          selection.clear();
        },
      },
    );

  const setFilter = (key: 'q' | 'channel', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const listNow = (connection: ListingConnection, row: InventoryControlRow) => {
    const key = cellKey(connection.id, row.product_id);
    const platform = platformLabels[connection.platform];
    setPending((current) => [...current, { connectionId: connection.id, productId: row.product_id }]);
    setRefusals(({ [key]: _, ...rest }) => rest);
    list.mutate(
      { connectionId: connection.id, productId: row.product_id },
      {
        onSuccess: () => toast({ intent: 'success', title: `Listed on ${platform}`, body: row.title }),
        onError: (error) => {
          const { general, fields } = apiFormErrors(error, [] as const, `Listing on ${platform} failed.`);
          const message = [general, ...Object.values(fields)].filter(Boolean).join(' ');
          setRefusals((current) => ({ ...current, [key]: message }));
          const needsSettings = message.includes('connection') || message.includes('Sales channels');
          toast({
            intent: 'error',
            title: `Not listed on ${platform}`,
            body: message,
            timeout: 10_000,
            ...(needsSettings ? { action: { label: 'Open settings', onClick: () => navigate('/sales-channels-management') } } : {}),
          });
        },
        onSettled: () =>
          setPending((current) => current.filter((p) => !(p.connectionId === connection.id && p.productId === row.product_id))),
      },
    );
  };

  const isPending = (connectionId: string, productId: string) =>
    pending.some((p) => p.connectionId === connectionId && p.productId === productId);

  return (
    <AppPage
      title="Listings Control"
      description="Every product against every marketplace: list or end it, cap quantities, hold units back and set a price per channel. Quantities follow your stock within seconds."
      wide
      actions={
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void control.refetch()} disabled={control.isFetching}>
          Refresh
        </Button>
      }
    >
      <div className={styles.toolbar}>
        <Field label="Search products" className={styles.search}>
          <Input
            type="search"
            contentBefore={<SearchRegular />}
            value={text}
            placeholder="Title, style code or SKU"
            onChange={(_, d) => {
              setText(d.value);
              setFilter('q', d.value.trim() || null);
            }}
          />
        </Field>
        {connections.length > 1 || connectionId ? (
          <Field label="Marketplace" className={styles.channel}>
            <Select value={connectionId ?? ''} onChange={(_, d) => setFilter('channel', d.value || null)}>
              <option value="">All marketplaces</option>
              {connections.map((c) => (
                <option key={c.id} value={c.id}>
                  {platformLabels[c.platform]}
                  {c.account_name ? ` — ${c.account_name}` : ''}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>

      {control.isPending ? (
        <p className={styles.status}>
          <Spinner size="tiny" aria-hidden="true" /> Loading listings…
        </p>
      ) : control.isError ? (
        <LoadFailed subject="The listings" onRetry={() => void control.refetch()} retrying={control.isFetching} />
      ) : columns === 0 ? (
        <NoMarketplaceConnected>
          Once eBay, Shopify or Square is connected, list your products on them here. Quantities will follow your stock by themselves.
        </NoMarketplaceConnected>
      ) : rows.length === 0 ? (
        <EmptyState
          title={search.trim() ? `No active product matches “${search.trim()}”` : 'No active products yet'}
          actions={search.trim() ? undefined : <ButtonLink to="/add-product">Add a product</ButtonLink>}
        >
          {search.trim() ? 'Try part of the title, the style code or a SKU.' : 'Add a product with its sizes and stock, then list it here.'}
        </EmptyState>
      ) : (
        <>
          {chosen.length === 0 ? (
            selection.clearedByFilter ? (
              <MessageBar intent="info">
                <MessageBarBody>The selection was cleared because the search or marketplace changed.</MessageBarBody>
              </MessageBar>
            ) : (
              <Checkbox label={`Select all ${rows.length} shown`} checked={false} onChange={selection.togglePage} />
            )
          ) : (
            <div className={styles.bar} role="toolbar" aria-label="Actions on the selected products">
              <Checkbox checked={selection.pageState} aria-label={`Select all ${rows.length} shown`} onChange={selection.togglePage} />
              <p className={styles.barCount} aria-live="polite">
                {chosen.length} selected
              </p>
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <MenuButton appearance="primary" icon={<MegaphoneRegular />} disabled={createBatch.isPending}>
                    List all selected on…
                  </MenuButton>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {connections.map((connection) => (
                      <MenuItem key={connection.id} onClick={() => listAllChosen(connection)}>
                        {platformLabels[connection.platform]}
                        {connection.account_name ? ` — ${connection.account_name}` : ''}
                      </MenuItem>
                    ))}
                  </MenuList>
                </MenuPopover>
              </Menu>
              <Button appearance="subtle" icon={<DismissRegular />} onClick={selection.clear}>
                Clear
              </Button>
            </div>
          )}
          {batchRefusal ? (
            <MessageBar intent="error">
              <MessageBarBody>{batchRefusal}</MessageBarBody>
            </MessageBar>
          ) : null}
          {started === null ? null : <StartedBatch scope={scope} batch={started} onClose={() => setStarted(null)} />}
          <ul
            className={styles.list}
            aria-label="Products and their listings"
            aria-busy={control.isFetching}
            onKeyDown={selection.onKeyDown}
          >
            {rows.map((row) => (
              <li
                key={row.product_id}
                data-row-id={row.product_id}
                className={mergeClasses(styles.row, selection.isSelected(row.product_id) && styles.chosen)}
                style={{ '--columns': columns, '--cells-width': `${columns}fr` } as CSSProperties}
              >
                <ProductSummary
                  row={row}
                  check={{
                    checked: selection.isSelected(row.product_id),
                    onClick: selection.onCheckboxClick,
                    onChange: () => selection.onCheckboxChange(row.product_id),
                  }}
                />
                <div className={styles.cells}>
                  {connections.map((connection) => {
                    const listing = row.listings.find((l) => l.connection_id === connection.id);
                    return (
                      <ListingCell
                        key={connection.id}
                        row={row}
                        connection={connection}
                        listing={listing}
                        currency={scope?.currency ?? 'USD'}
                        pending={isPending(connection.id, row.product_id)}
                        refusal={refusals[cellKey(connection.id, row.product_id)] ?? null}
                        onList={() => listNow(connection, row)}
                        onEnd={() => listing && setEnding({ listing, title: row.title })}
                        onOverrides={() =>
                          listing && setEditing({ listing, title: row.title, buffer: connection.quantity_buffer, sizes: row.variants })
                        }
                      />
                    );
                  })}
                </div>
              </li>
            ))}
          </ul>
          {control.hasNextPage ? (
            <Button
              className={styles.more}
              onClick={() => void control.fetchNextPage()}
              disabled={control.isFetchingNextPage}
              icon={control.isFetchingNextPage ? <Spinner size="tiny" /> : undefined}
            >
              Show more products
            </Button>
          ) : null}
        </>
      )}

      <ConfirmDialog
        subject={ending}
        title={(subject) => `End ${subject.title} on ${platformLabels[subject.listing.platform]}?`}
        confirmLabel="End listing"
        pending={end.isPending}
        refusal={end.error ? apiFormErrors(end.error, [] as const, 'The listing was not ended.').general : null}
        onConfirm={(subject) =>
          end.mutate(
            { listingId: subject.listing.id },
            {
              onSuccess: () => {
                toast({ intent: 'success', title: `Ended on ${platformLabels[subject.listing.platform]}`, body: subject.title });
                setEnding(null);
              },
            },
          )
        }
        onDismiss={() => {
          end.reset();
          setEnding(null);
        }}
      >
        {(subject) =>
          `Buyers will no longer see it on ${platformLabels[subject.listing.platform]}. The listing is kept there as ended, so you can relist it later with the same page and history.`
        }
      </ConfirmDialog>
      <ListingOverridesDialog
        scope={scope}
        listing={editing?.listing ?? null}
        productTitle={editing?.title ?? ''}
        channelBuffer={editing?.buffer ?? 0}
        sizes={editing?.sizes ?? []}
        onClose={() => setEditing(null)}
      />
    </AppPage>
  );
}
