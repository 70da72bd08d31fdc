import {
  Button,
  Link,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Tooltip,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import {
  ArchiveRegular,
  ArrowDownloadRegular,
  DismissRegular,
  MegaphoneRegular,
  PrintRegular,
  StopRegular,
  TagRegular,
} from '@fluentui/react-icons';
import type { ProductListParams } from '@tradepost/shared/query/catalog.ts';
import {
  BATCH_ITEM_LIMIT,
  type BatchOperation,
  type CreateBatchBody,
  type CreateCatalogBatchBody,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { MAX_IDS_IN_QUERY, type ProductRow } from '@tradepost/shared/schemas/catalog.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import type { RowSelectionState } from '@tradepost/shared/ui/row-selection.ts';
import { type ReactElement, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { applicable, StartedBatch } from '../../../features/batch-operations/bulk-actions.tsx';
import { PriceChangeDialog, type PricedSize } from '../../../features/batch-operations/price-change-dialog.tsx';
import { useCreateBatch } from '../../../features/batch-operations/use-batch-operations.ts';
import { chosenRows, downloadChosenCsv, listingsOf, productsByIds } from '../../../features/catalog/bulk-products.ts';
import { LabelsDialog } from '../../../features/catalog-io/print-labels-button.tsx';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { useConnections } from '../../../features/connections/use-connections.ts';
import { ConfirmDialog } from '../../../features/forms/confirm-dialog.tsx';
import { formatCount } from '../../../features/inventory/inventory-figures.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';
import { CatalogPriceDialog, type CatalogSize, catalogSizesOf } from './catalog-price-dialog.tsx';
import { useCreateCatalogBatch } from './use-catalog-batch.ts';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    top: '8px',
    zIndex: 2,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 10px',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    boxShadow: tokens.shadow4,
  },
  count: { ...typographyStyles.body1Strong, margin: 0 },
  scope: { ...typographyStyles.body1, margin: 0, marginInlineEnd: 'auto', color: tokens.colorNeutralForeground2 },
  working: { display: 'inline-flex', alignItems: 'center', gap: '6px', ...typographyStyles.caption1 },
});

/** The most sizes one labels dialog reads at once (GET /labels/variants). */
const MAX_LABEL_SIZES = 200;

type Channel = { id: string; platform: MarketplacePlatform; name: string };
type ListingAction = 'list' | 'end';
type Confirming =
  | { kind: ListingAction; channel: Channel; ids: string[]; skipped: number }
  | { kind: 'archive'; ids: string[]; skipped: number };

const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

type ProductsBulkBarProps = {
  scope: BusinessScope | undefined;
  selection: RowSelectionState;
  /** How many products match the search and filters (undefined while counting). */
  total: number | undefined;
  loaded: readonly ProductRow[];
  params: ProductListParams;
};

/**
 * What can be done to the products chosen in the table: list them on a channel, end their
 * listings, change their prices there or in the catalog, archive them (each one batch operation
 * with its progress bar), print their labels or export them (files, at once).
 */
export function ProductsBulkBar({ scope, selection, total, loaded, params }: ProductsBulkBarProps) {
  const styles = useStyles();
  const can = useCan();
  const toast = useAppToast();
  const navigate = useNavigate();
  const mayList = can('listings:write') && can('connections:read');
  const connections = useConnections(mayList ? scope : undefined);
  const create = useCreateBatch(scope);
  const createCatalog = useCreateCatalogBatch(scope);
  const [working, setWorking] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [pricing, setPricing] = useState<{ channel: Channel; sizes: PricedSize[] } | null>(null);
  const [catalogPricing, setCatalogPricing] = useState<{ sizes: CatalogSize[]; products: number } | null>(null);
  const [labelIds, setLabelIds] = useState<string[] | null>(null);
  const [started, setStarted] = useState<BatchOperation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const channels: Channel[] = (connections.data ?? []).flatMap((entry) =>
    entry.connection?.status === 'connected'
      ? [
          {
            id: entry.connection.id,
            platform: entry.platform,
            name: `${platformLabels[entry.platform]}${entry.connection.account_name ? ` — ${entry.connection.account_name}` : ''}`,
          },
        ]
      : [],
  );
  const matching = total ?? loaded.length;
  const count = selection.count(matching);
  const chosen = selection.selection;
  const everyLoadedChosen = loaded.length > 0 && loaded.every((row) => selection.isSelected(row.id));
  const refusal = create.error ? (apiFormErrors(create.error, [], 'The batch could not be started.').general ?? null) : null;
  const catalogRefusal = createCatalog.error
    ? (apiFormErrors(createCatalog.error, [], 'The batch could not be started.').general ?? null)
    : null;
  const mayEditCatalog = can('catalog:write');

  /** Reads what the chosen rows need, showing what is being done; a failure is said in the bar. */
  const run = async (what: string, task: (rows: ProductRow[]) => Promise<void>) => {
    if (scope === undefined) return;
    setProblem(null);
    setWorking(what);
    try {
      await task(await chosenRows(scope, params, chosen, loaded));
    } catch (error) {
      setProblem(apiFormErrors(error, [], `${what} failed. Check your connection and try again.`).general ?? `${what} failed.`);
    } finally {
      setWorking(null);
    }
  };

  const onStarted = (batch: BatchOperation) => {
    setStarted(batch);
    setConfirming(null);
    setPricing(null);
    setCatalogPricing(null);
    selection.clear();
  };
  const startBatch = (body: CreateBatchBody) => create.mutate(body, { onSuccess: onStarted });
  const startCatalogBatch = (body: CreateCatalogBatchBody) => createCatalog.mutate(body, { onSuccess: onStarted });

  const listOn = (channel: Channel) =>
    run('Reading the selection', async (rows) => {
      const active = rows.filter((row) => row.status === 'active');
      if (active.length === 0) return setProblem('Only active products can be listed, and none of the selected ones is active.');
      create.reset();
      setConfirming({ kind: 'list', channel, ids: active.map((row) => row.id), skipped: rows.length - active.length });
    });

  const endOn = (channel: Channel) =>
    run(`Reading the ${platformLabels[channel.platform]} listings`, async (rows) => {
      const listed = applicable('end', await listingsOf(scope as BusinessScope, channel.platform, ids(rows)));
      if (listed.length === 0) return setProblem(`None of the selected products has a live listing on ${channel.name}.`);
      create.reset();
      setConfirming({ kind: 'end', channel, ids: listed.map((p) => p.product_id), skipped: rows.length - listed.length });
    });

  const priceOn = (channel: Channel) =>
    run(`Reading the ${platformLabels[channel.platform]} prices`, async (rows) => {
      const listed = applicable('price', await listingsOf(scope as BusinessScope, channel.platform, ids(rows)));
      const sizes = listed.flatMap((p) =>
        p.variants
          .filter((v) => v.listed !== null)
          .map((v) => ({
            variantId: v.variant_id,
            priceCents: v.listed?.pushed_price_cents ?? v.price_cents,
            label: `${p.title} · ${v.size}`,
          })),
      );
      if (sizes.length === 0) return setProblem(`None of the selected products is listed on ${channel.name}: list them first.`);
      create.reset();
      setPricing({ channel, sizes });
    });

  const priceInCatalog = () =>
    run('Reading the prices', async (rows) => {
      const sizes = catalogSizesOf(await productsByIds(scope as BusinessScope, ids(rows)));
      if (sizes.length === 0) return setProblem('The selected products have no sizes to price.');
      if (sizes.length > BATCH_ITEM_LIMIT)
        return setProblem(
          `The selected products have ${formatCount(sizes.length)} sizes: change at most ${formatCount(BATCH_ITEM_LIMIT)} at a time.`,
        );
      createCatalog.reset();
      setCatalogPricing({ sizes, products: rows.length });
    });

  const printLabels = () =>
    run('Reading the sizes', async (rows) => {
      const variantIds = (await productsByIds(scope as BusinessScope, ids(rows))).flatMap((p) => p.variants.map((v) => v.id));
      if (variantIds.length > MAX_LABEL_SIZES)
        return setProblem(
          `The selected products have ${formatCount(variantIds.length)} sizes: print labels for at most ${MAX_LABEL_SIZES} at a time.`,
        );
      setLabelIds(variantIds);
    });

  const exportCsv = () =>
    run('Exporting', async (rows) => {
      await downloadChosenCsv(scope as BusinessScope, ids(rows));
      toast({
        intent: 'success',
        title: `Exported ${plural(rows.length, 'product')}`,
        body: 'Archived products and pre-owned items are left out.',
      });
    });

  const archiveChosen = () =>
    run('Reading the selection', async (rows) => {
      const open = rows.filter((row) => row.status !== 'archived');
      if (open.length === 0) return setProblem('The selected products are archived already.');
      createCatalog.reset();
      setConfirming({ kind: 'archive', ids: open.map((row) => row.id), skipped: rows.length - open.length });
    });

  const channelMenu = (label: string, icon: ReactElement, choose: (channel: Channel) => void) => (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton size="small" icon={icon} disabled={working !== null}>
          {label}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {channels.length === 0 ? (
            <MenuItem onClick={() => navigate('/sales-channels-management')}>Connect a sales channel first…</MenuItem>
          ) : (
            channels.map((channel) => (
              <MenuItem key={channel.id} onClick={() => choose(channel)}>
                {channel.name}
              </MenuItem>
            ))
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );

  const priceMenu = (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton size="small" icon={<TagRegular />} disabled={working !== null}>
          Change prices
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {mayEditCatalog ? <MenuItem onClick={priceInCatalog}>Catalog price (every channel starts from it)…</MenuItem> : null}
          {mayEditCatalog && mayList ? <MenuDivider /> : null}
          {mayList ? (
            <MenuGroup>
              <MenuGroupHeader>On one channel only</MenuGroupHeader>
              {channels.length === 0 ? (
                <MenuItem onClick={() => navigate('/sales-channels-management')}>Connect a sales channel first…</MenuItem>
              ) : (
                channels.map((channel) => (
                  <MenuItem key={channel.id} onClick={() => priceOn(channel)}>
                    {channel.name}
                  </MenuItem>
                ))
              )}
            </MenuGroup>
          ) : null}
        </MenuList>
      </MenuPopover>
    </Menu>
  );

  const tooManyForAddress = count > MAX_IDS_IN_QUERY;

  return (
    <>
      {count === 0 && selection.clearedByFilter ? (
        <MessageBar intent="info">
          <MessageBarBody>The selection was cleared because the search or filters changed.</MessageBarBody>
        </MessageBar>
      ) : null}
      {count === 0 ? null : (
        <div className={styles.bar} role="toolbar" aria-label="Actions on the selected products">
          <p className={styles.count} aria-live="polite">
            {plural(count, 'selected', 'selected')}
          </p>
          <p className={styles.scope}>
            {chosen.mode === 'all' ? (
              <>
                All matching the filter.{' '}
                <Link as="button" onClick={selection.clear}>
                  Select none
                </Link>
              </>
            ) : everyLoadedChosen && matching > loaded.length ? (
              <Link as="button" onClick={selection.selectAllMatching}>
                Select all {formatCount(matching)} matching the filter
              </Link>
            ) : null}
          </p>
          {working === null ? null : (
            <span className={styles.working} role="status">
              <Spinner size="extra-tiny" /> {working}…
            </span>
          )}
          {mayList ? (
            <>
              {channelMenu('List on…', <MegaphoneRegular />, listOn)}
              {channelMenu('End listings', <StopRegular />, endOn)}
            </>
          ) : null}
          {mayList || mayEditCatalog ? priceMenu : null}
          {can('catalog:read') ? (
            <Button size="small" icon={<PrintRegular />} disabled={working !== null} onClick={printLabels}>
              Print labels
            </Button>
          ) : null}
          {can('catalog:write') ? (
            <Button size="small" icon={<ArchiveRegular />} disabled={working !== null} onClick={archiveChosen}>
              Archive
            </Button>
          ) : null}
          {can('catalog:export') ? (
            <Tooltip
              content={
                tooManyForAddress
                  ? `Export at most ${MAX_IDS_IN_QUERY} selected products, or the whole catalog from Import / export`
                  : 'The selected products as CSV, in the import shape'
              }
              relationship="description"
            >
              <Button
                size="small"
                icon={<ArrowDownloadRegular />}
                disabledFocusable={working !== null || tooManyForAddress}
                onClick={exportCsv}
              >
                Export
              </Button>
            </Tooltip>
          ) : null}
          <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={selection.clear}>
            Clear
          </Button>
        </div>
      )}
      {problem === null ? null : (
        <MessageBar intent="warning">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      {started === null ? null : <StartedBatch scope={scope} batch={started} onClose={() => setStarted(null)} />}

      <ConfirmDialog
        subject={confirming}
        title={(subject) =>
          subject.kind === 'archive'
            ? `Archive ${plural(subject.ids.length, 'product')}?`
            : subject.kind === 'list'
              ? `List ${plural(subject.ids.length, 'product')} on ${subject.channel.name}`
              : `End ${plural(subject.ids.length, 'listing')} on ${subject.channel.name}`
        }
        confirmLabel={confirming?.kind === 'archive' ? 'Archive' : confirming?.kind === 'list' ? 'List them' : 'End them'}
        pending={create.isPending || createCatalog.isPending}
        refusal={confirming?.kind === 'archive' ? catalogRefusal : refusal}
        onConfirm={(subject) => {
          if (subject.kind === 'archive')
            return startCatalogBatch({ operation_type: 'archive', items: subject.ids.map((product_id) => ({ product_id })) });
          startBatch({
            connection_id: subject.channel.id,
            operation_type: subject.kind,
            items: subject.ids.map((product_id) => ({ product_id })),
          });
        }}
        onDismiss={() => setConfirming(null)}
      >
        {(subject) => {
          const left =
            subject.skipped > 0
              ? ` ${plural(subject.skipped, 'selected product')} ${subject.skipped === 1 ? 'is' : 'are'} left out (they do not apply).`
              : '';
          if (subject.kind === 'archive')
            return `Archived products leave the active list, pickers and the export, and keep every size, barcode and movement. You can unarchive them later. It runs as one batch with a progress bar; find them under Status: Archived.${left}`;
          if (subject.kind === 'list')
            return `Each product is listed with all its sizes, its price and the stock Tradepost may offer there; products already listed are updated. It runs as one batch with a progress bar.${left}`;
          return `The listings come off sale and are kept there as ended, so they can be relisted later. It runs as one batch with a progress bar.${left}`;
        }}
      </ConfirmDialog>
      <PriceChangeDialog
        open={pricing !== null}
        sizes={pricing?.sizes ?? []}
        currency={scope?.currency ?? 'USD'}
        platformName={pricing ? platformLabels[pricing.channel.platform] : ''}
        pending={create.isPending}
        refusal={refusal}
        onSubmit={(items) => pricing && startBatch({ connection_id: pricing.channel.id, operation_type: 'price', items })}
        onDismiss={() => setPricing(null)}
      />
      <CatalogPriceDialog
        open={catalogPricing !== null}
        sizes={catalogPricing?.sizes ?? []}
        products={catalogPricing?.products ?? 0}
        currency={scope?.currency ?? 'USD'}
        pending={createCatalog.isPending}
        refusal={catalogRefusal}
        onSubmit={(change) =>
          catalogPricing &&
          startCatalogBatch({
            operation_type: 'catalog_price',
            change,
            items: catalogPricing.sizes.map((size) => ({ variant_id: size.variantId })),
          })
        }
        onDismiss={() => setCatalogPricing(null)}
      />
      <LabelsDialog open={labelIds !== null} onOpenChange={(open) => (open ? undefined : setLabelIds(null))} variantIds={labelIds ?? []} />
    </>
  );
}

const ids = (rows: readonly ProductRow[]) => rows.map((row) => row.id);
