import {
  Badge,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowLeftRegular, OpenRegular } from '@fluentui/react-icons';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useParams } from 'react-router-dom';
import { listingStatusColours, listingStatusLabels } from '../../../features/batch-operations/batch-labels.ts';
import { BulkActions } from '../../../features/batch-operations/bulk-actions.tsx';
import { ConnectionLine, canAct, NotConnected, ReconnectNotice } from '../../../features/batch-operations/marketplace-gate.tsx';
import { useRefreshOnFinishedBatches } from '../../../features/batch-operations/use-batch-operations.ts';
import { useMarketplaceProduct } from '../../../features/batch-operations/use-marketplace-pages.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { listingFix } from '../../listings/inventory-control/listing-fix.ts';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  summary: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px', alignItems: 'center', margin: 0 },
  fact: { display: 'flex', flexDirection: 'column', gap: '2px' },
  factLabel: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  factValue: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  error: { ...typographyStyles.caption1, color: tokens.colorPaletteRedForeground1, display: 'block', maxWidth: '260px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

const operationNames: Record<string, string> = {
  quantity: 'Quantity',
  price: 'Price',
  list: 'Listed',
  end: 'Ended',
  reconcile: 'Checked',
  order_import: 'Order',
};

const refOf = (ref: Record<string, unknown> | undefined, key: string): string | null => {
  const value = ref?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** ebay/products/:productId: one product's eBay listing per size, with the ids eBay gave it, links and actions. */
export function EbayProductPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const { productId } = useParams();
  const scope = useBusinessScope();
  useRefreshOnFinishedBatches(scope);
  const detail = useMarketplaceProduct(scope, 'ebay', productId);
  const currency = scope?.currency ?? 'USD';
  const back = (
    <ButtonLink to="/ebay-listings" appearance="subtle" icon={<ArrowLeftRegular />}>
      eBay Listings
    </ButtonLink>
  );

  if (detail.isPending)
    return (
      <AppPage title="eBay listing" actions={back}>
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading the listing…
        </p>
      </AppPage>
    );
  if (detail.isError)
    return (
      <AppPage title="eBay listing" actions={back}>
        <MessageBar intent="error">
          <MessageBarBody>This product could not be found. It may have been deleted; go back to the eBay listings.</MessageBarBody>
        </MessageBar>
      </AppPage>
    );

  const { product, connection, recent_sync: log } = detail.data;
  const listing = product.listing;
  const sizeOf = new Map(product.variants.map((v) => [v.variant_id, v.size]));
  const fix = listingFix({
    platform: 'ebay',
    productId: product.product_id,
    hasPhoto: product.image_url !== null,
    error: listing?.last_error ?? null,
  });
  return (
    <AppPage
      title={product.title}
      description={[product.brand, product.style_code].filter(Boolean).join(' · ') || undefined}
      wide
      actions={back}
    >
      <div className={styles.body}>
        {connection === null ? (
          <NotConnected platform="ebay" what="this product's listing" />
        ) : (
          <>
            <ReconnectNotice platform="ebay" connection={connection} />
            <dl className={styles.summary}>
              <div className={styles.fact}>
                <dt className={styles.factLabel}>Account</dt>
                <dd className={styles.factValue}>
                  <ConnectionLine platform="ebay" connection={connection} />
                </dd>
              </div>
              <div className={styles.fact}>
                <dt className={styles.factLabel}>Listing</dt>
                <dd className={styles.factValue}>
                  {listing ? (
                    <Badge appearance="tint" shape="rounded" color={listingStatusColours[listing.status]}>
                      {listingStatusLabels[listing.status]}
                    </Badge>
                  ) : (
                    'Not listed on eBay'
                  )}
                </dd>
              </div>
              {listing?.external_id ? (
                <div className={styles.fact}>
                  <dt className={styles.factLabel}>eBay item</dt>
                  <dd className={styles.factValue}>
                    {listing.external_url ? (
                      <Link href={listing.external_url} target="_blank" rel="noreferrer">
                        {listing.external_id} <OpenRegular aria-label="(opens eBay)" />
                      </Link>
                    ) : (
                      listing.external_id
                    )}
                  </dd>
                </div>
              ) : null}
              {listing?.listed_at ? (
                <div className={styles.fact}>
                  <dt className={styles.factLabel}>Listed</dt>
                  <dd className={styles.factValue}>{formatWhen(listing.listed_at)}</dd>
                </div>
              ) : null}
              <div className={styles.fact}>
                <dt className={styles.factLabel}>In Tradepost</dt>
                <dd className={styles.factValue}>
                  <RouterLink to={`/products/${product.product_id}/configure`}>Edit product</RouterLink>
                </dd>
              </div>
            </dl>
            {listing?.last_error ? (
              <MessageBar intent="error">
                <MessageBarBody>
                  eBay refused the last change: {listing.last_error}
                  {fix ? (
                    <>
                      {' '}
                      <RouterLink to={fix.to}>{fix.label}</RouterLink>
                    </>
                  ) : null}
                </MessageBarBody>
              </MessageBar>
            ) : fix ? (
              <MessageBar intent="warning">
                <MessageBarBody>
                  eBay needs at least one photo of the product. <RouterLink to={fix.to}>{fix.label}</RouterLink>
                </MessageBarBody>
              </MessageBar>
            ) : null}
            {canAct(connection) ? (
              <BulkActions
                scope={scope}
                platform="ebay"
                connectionId={connection.id}
                selected={[product]}
                actions={listing ? ['price', 'end', 'relist', 'quantity'] : ['list']}
                title="Actions on this listing"
                fixed
                onClear={() => undefined}
              />
            ) : null}
          </>
        )}

        <PageSection
          id="sizes"
          title="Sizes on eBay"
          description="Each size is its own eBay SKU and offer; a size without one is not on eBay yet."
        >
          <DataTable
            label="Sizes on eBay"
            head={
              <>
                <th className={table.th}>Size</th>
                <th className={table.th}>SKU</th>
                <th className={table.th}>eBay offer</th>
                <th className={mergeClasses(table.th, table.num)}>Available here</th>
                <th className={mergeClasses(table.th, table.num)}>On eBay</th>
                <th className={mergeClasses(table.th, table.num)}>Price</th>
                <th className={table.th}>Last push</th>
              </>
            }
          >
            {product.variants.map((v) => (
              <tr key={v.variant_id}>
                <td className={mergeClasses(table.td, table.nowrap)}>{v.size}</td>
                <td className={table.td}>
                  <span className={styles.code}>{v.sku}</span>
                  {v.listed && v.listed.external_sku !== v.sku ? <span className={styles.code}> → {v.listed.external_sku}</span> : null}
                </td>
                <td className={table.td}>
                  {v.listed ? (
                    <span className={styles.code}>{refOf(v.listed.external_ref, 'offerId') ?? '—'}</span>
                  ) : (
                    <span className={table.muted}>Not listed</span>
                  )}
                </td>
                <td className={mergeClasses(table.td, table.num)}>{v.available}</td>
                <td className={mergeClasses(table.td, table.num)}>
                  {v.listed?.pushed_quantity ?? '—'}
                  {v.listed?.channel_quantity != null && v.listed.channel_quantity !== v.listed.pushed_quantity ? (
                    <span className={table.muted}> (eBay says {v.listed.channel_quantity})</span>
                  ) : null}
                </td>
                <td className={mergeClasses(table.td, table.num)}>
                  {v.listed?.pushed_price_cents != null
                    ? formatMoney(v.listed.pushed_price_cents, currency)
                    : v.price_cents != null
                      ? formatMoney(v.price_cents, currency)
                      : '—'}
                </td>
                <td className={table.td}>
                  {v.listed?.pushed_at ? <span className={table.nowrap}>{formatWhen(v.listed.pushed_at)}</span> : '—'}
                  {v.listed?.last_error ? <span className={styles.error}>{v.listed.last_error}</span> : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </PageSection>

        <PageSection id="activity" title="Recent activity" description="The latest changes sent to eBay for this product, newest first.">
          {log.length === 0 ? (
            <p className={styles.muted}>Nothing sent to eBay for this product yet.</p>
          ) : (
            <DataTable
              label="Recent activity"
              head={
                <>
                  <th className={table.th}>When</th>
                  <th className={table.th}>Size</th>
                  <th className={table.th}>What</th>
                  <th className={table.th}>Result</th>
                </>
              }
            >
              {log.map((entry) => (
                <tr key={entry.id}>
                  <td className={mergeClasses(table.td, table.nowrap)}>{formatWhen(entry.created_at)}</td>
                  <td className={table.td}>{entry.variant_id ? (sizeOf.get(entry.variant_id) ?? '—') : '—'}</td>
                  <td className={table.td}>
                    {operationNames[entry.operation] ?? entry.operation}
                    {entry.quantity !== null ? ` · qty ${entry.quantity}` : ''}
                    {entry.price_cents !== null ? ` · ${formatMoney(entry.price_cents, currency)}` : ''}
                  </td>
                  <td className={table.td}>
                    {entry.ok ? (
                      <Badge appearance="tint" color="success">
                        OK
                      </Badge>
                    ) : (
                      <span className={styles.error}>{entry.error ?? 'Failed'}</span>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </PageSection>
      </div>
    </AppPage>
  );
}
