import {
  Badge,
  Button,
  Checkbox,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  Tab,
  TabList,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { compareSizes, isSizeFormatId, SIZE_FORMATS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { ExternalListing, ImportListingResult } from '@tradepost/shared/schemas/batch-operations.ts';
import { productCategories } from '@tradepost/shared/schemas/catalog.ts';
import { type MarketplacePlatform, marketplacePlatforms } from '@tradepost/shared/schemas/connections.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { ConnectionLine, NotConnected } from '../../../features/batch-operations/marketplace-gate.tsx';
import { useExternalListings, useImportListings } from '../../../features/batch-operations/use-marketplace-pages.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { useConnections } from '../../../features/connections/use-connections.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  options: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 220px))',
    gap: '12px',
    alignItems: 'end',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  barText: { ...typographyStyles.body1, margin: 0, marginInlineEnd: 'auto', color: tokens.colorNeutralForeground2 },
  title: { ...typographyStyles.body1Strong, display: 'block', maxWidth: '340px' },
  sub: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  problem: { ...typographyStyles.caption1, color: tokens.colorPaletteRedForeground1, display: 'block', maxWidth: '280px' },
  thumb: { width: '44px', height: '44px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, display: 'block' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  results: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  result: { display: 'flex', flexWrap: 'wrap', gap: '4px 10px', alignItems: 'baseline' },
  checkCell: { width: '36px' },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

const categoryLabels: Record<(typeof productCategories)[number], string> = {
  sneakers: 'Sneakers',
  apparel: 'Apparel',
  accessories: 'Accessories',
  collectibles: 'Collectibles',
  other: 'Other',
};

const outcomeBadges: Record<ImportListingResult['outcome'], { label: string; color: 'success' | 'brand' | 'subtle' | 'danger' }> = {
  created: { label: 'Created', color: 'success' },
  linked: { label: 'Linked', color: 'brand' },
  already_linked: { label: 'Already linked', color: 'subtle' },
  failed: { label: 'Not imported', color: 'danger' },
};

function MatchBadge({ listing }: { listing: ExternalListing }) {
  const { match } = listing;
  if (match.linked)
    return (
      <Badge appearance="outline" color="subtle">
        Already linked
      </Badge>
    );
  if (match.kind === 'none')
    return (
      <Badge appearance="tint" color="success">
        New product
      </Badge>
    );
  return (
    <Badge appearance="tint" color="brand">
      Matches by {match.kind === 'sku' ? 'SKU' : 'style code'}
    </Badge>
  );
}

const importable = (listing: ExternalListing) => !listing.match.linked && listing.problem === null;

/**
 * create-products-from-listings: page through a connected platform's existing listings; each
 * shows whether it matches a product here (SKU first, then style code) or would be created.
 * Importing creates or links them and answers per listing.
 */
/** A listing's sizes in the order of the chosen size run (platforms send them in any order). */
function inRunOrder<V extends { size: string | null }>(variants: V[], format: string): V[] {
  return [...variants].sort((a, b) =>
    isSizeFormatId(format)
      ? compareSizes(format, a.size ?? '', b.size ?? '')
      : (a.size ?? '').localeCompare(b.size ?? '', undefined, { numeric: true }),
  );
}

export function CreateProductsFromListingsPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const connections = useConnections(scope);
  const locations = useLocations(scope);
  const [params, setParams] = useSearchParams();
  const requested = params.get('platform');
  const platform: MarketplacePlatform = marketplacePlatforms.find((p) => p === requested) ?? 'ebay';
  const connection = connections.data?.find((entry) => entry.platform === platform)?.connection ?? null;
  const connected = connection !== null && connection.status === 'connected';
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useExternalListings(scope, connected ? connection.id : undefined, cursor);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [sizeFormat, setSizeFormat] = useState('us-men');
  const [category, setCategory] = useState<(typeof productCategories)[number]>('sneakers');
  const [locationId, setLocationId] = useState('');
  const importer = useImportListings(scope, connection?.id);
  const listings = page.data?.listings ?? [];
  const name = platformLabels[platform];

  const choosePlatform = (value: MarketplacePlatform) => {
    setCursors([null]);
    setChosen(new Set());
    importer.reset();
    setParams({ platform: value }, { replace: true });
  };
  const goTo = (next: (string | null)[]) => {
    setCursors(next);
    setChosen(new Set());
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectable = listings.filter(importable);
  const refusal = importer.error ? (apiFormErrors(importer.error, [], 'The listings could not be imported.').general ?? null) : null;

  return (
    <AppPage
      title="Create Products from Listings"
      description="Bring the listings already on your marketplaces into Tradepost. Each listing is matched to your products by SKU first, then style code; the rest become new products, with the platform's quantities as opening stock."
      wide
    >
      <div className={styles.body}>
        <TabList selectedValue={platform} onTabSelect={(_, d) => choosePlatform(d.value as MarketplacePlatform)} aria-label="Marketplace">
          {marketplacePlatforms.map((p) => (
            <Tab key={p} value={p}>
              {platformLabels[p]}
            </Tab>
          ))}
        </TabList>

        {connections.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading your marketplaces…
          </p>
        ) : !connected ? (
          <NotConnected platform={platform} what={`the listings already on ${name}`} />
        ) : (
          <PageSection
            id="listings"
            title={`Listings on ${name}`}
            description="Choose the listings to import; their sizes are read in the size run below. Linked listings are kept in step from then on: Tradepost's stock decides their quantity."
            aside={page.data ? <ConnectionLine platform={platform} connection={page.data.connection} /> : undefined}
          >
            <div className={styles.options}>
              <Field label="Size run of new products">
                <Select value={sizeFormat} onChange={(_, d) => setSizeFormat(d.value)}>
                  {SIZE_FORMATS.map((format) => (
                    <option key={format.id} value={format.id}>
                      {format.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Category of new products">
                <Select value={category} onChange={(_, d) => setCategory(d.value as (typeof productCategories)[number])}>
                  {productCategories.map((c) => (
                    <option key={c} value={c}>
                      {categoryLabels[c]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Opening stock at">
                <Select value={locationId} onChange={(_, d) => setLocationId(d.value)}>
                  <option value="">Default location</option>
                  {(locations.data ?? []).map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>

            {page.isPending ? (
              <p className={styles.muted}>
                <Spinner size="tiny" aria-hidden="true" /> Reading listings from {name}…
              </p>
            ) : page.isError ? (
              <MessageBar intent="error">
                <MessageBarBody>
                  {apiFormErrors(page.error, [], `${name} could not be read.`).general}{' '}
                  <Button appearance="transparent" size="small" onClick={() => void page.refetch()}>
                    Try again
                  </Button>
                </MessageBarBody>
              </MessageBar>
            ) : listings.length === 0 ? (
              <EmptyState title={`No listings on ${name}${cursors.length > 1 ? ' on this page' : ''}.`} />
            ) : (
              <>
                <div className={styles.bar}>
                  <p className={styles.barText}>
                    {chosen.size} of {selectable.length} importable {selectable.length === 1 ? 'listing' : 'listings'} chosen on this page
                  </p>
                  <Button
                    appearance="primary"
                    icon={importer.isPending ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
                    disabledFocusable={chosen.size === 0 || importer.isPending}
                    onClick={() =>
                      importer.mutate(
                        {
                          cursor,
                          external_ids: [...chosen],
                          size_format: sizeFormat,
                          category,
                          ...(locationId ? { location_id: locationId } : {}),
                        },
                        {
                          onSuccess: () => {
                            setChosen(new Set());
                            void page.refetch();
                          },
                        },
                      )
                    }
                  >
                    Import {chosen.size || ''} {chosen.size === 1 ? 'listing' : 'listings'}
                  </Button>
                </div>
                {refusal ? (
                  <MessageBar intent="error">
                    <MessageBarBody>{refusal}</MessageBarBody>
                  </MessageBar>
                ) : null}
                {importer.data ? (
                  <MessageBar intent={importer.data.failed > 0 ? 'warning' : 'success'} layout="multiline">
                    <MessageBarBody>
                      <MessageBarTitle>
                        {importer.data.created} created · {importer.data.linked} linked · {importer.data.failed} not imported
                      </MessageBarTitle>
                      <ul className={styles.results} aria-label="Import results">
                        {importer.data.results.map((result) => (
                          <li key={result.external_id} className={styles.result}>
                            <Badge appearance="tint" color={outcomeBadges[result.outcome].color}>
                              {outcomeBadges[result.outcome].label}
                            </Badge>
                            {result.product_id ? (
                              <RouterLink to={`/products/${result.product_id}/configure`}>{result.title}</RouterLink>
                            ) : (
                              result.title
                            )}
                            {result.message ? <span className={styles.sub}>{result.message}</span> : null}
                          </li>
                        ))}
                      </ul>
                    </MessageBarBody>
                  </MessageBar>
                ) : null}
                <DataTable
                  label={`Listings on ${name}`}
                  head={
                    <>
                      <th className={mergeClasses(table.th, styles.checkCell)}>
                        <Checkbox
                          aria-label="Choose all importable listings on this page"
                          checked={selectable.length > 0 && chosen.size === selectable.length ? true : chosen.size > 0 ? 'mixed' : false}
                          onChange={(_, d) => setChosen(d.checked === true ? new Set(selectable.map((l) => l.external_id)) : new Set())}
                        />
                      </th>
                      <th className={table.th}>
                        <span className={styles.hidden}>Photo</span>
                      </th>
                      <th className={table.th}>Listing</th>
                      <th className={table.th}>Sizes</th>
                      <th className={mergeClasses(table.th, table.num)}>Qty</th>
                      <th className={mergeClasses(table.th, table.num)}>Price</th>
                      <th className={table.th}>In Tradepost</th>
                    </>
                  }
                >
                  {listings.map((listing) => {
                    const prices = listing.variants.map((v) => v.price_cents);
                    const low = Math.min(...prices);
                    const high = Math.max(...prices);
                    const currency = scope?.currency ?? 'USD';
                    return (
                      <tr key={listing.external_id} className={chosen.has(listing.external_id) ? table.highlight : undefined}>
                        <td className={table.td}>
                          <Checkbox
                            aria-label={`Choose ${listing.title}`}
                            disabled={!importable(listing)}
                            checked={chosen.has(listing.external_id)}
                            onChange={(_, d) => toggle(listing.external_id, d.checked === true)}
                          />
                        </td>
                        <td className={table.td}>
                          {listing.image_url ? (
                            <img
                              className={styles.thumb}
                              src={listing.image_url}
                              alt=""
                              loading="lazy"
                              // A photo the platform no longer serves leaves an empty space, not a broken image.
                              onError={(event) => {
                                event.currentTarget.style.visibility = 'hidden';
                              }}
                            />
                          ) : null}
                        </td>
                        <td className={table.td}>
                          <span className={styles.title}>{listing.title}</span>
                          <span className={styles.sub}>
                            {[listing.brand, listing.style_code, listing.status === 'active' ? null : listing.status]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </td>
                        <td className={table.td}>
                          {inRunOrder(listing.variants, sizeFormat)
                            .map((v) => v.size ?? '—')
                            .join(', ')}
                          <span className={styles.sub}>
                            {inRunOrder(listing.variants, sizeFormat)
                              .map((v) => v.sku)
                              .join(', ')}
                          </span>
                        </td>
                        <td className={mergeClasses(table.td, table.num)}>{listing.variants.reduce((sum, v) => sum + v.quantity, 0)}</td>
                        <td className={mergeClasses(table.td, table.num)}>
                          {low === high ? formatMoney(low, currency) : `${formatMoney(low, currency)}–${formatMoney(high, currency)}`}
                        </td>
                        <td className={table.td}>
                          <MatchBadge listing={listing} />
                          {listing.match.product_title ? <span className={styles.sub}>{listing.match.product_title}</span> : null}
                          {listing.problem ? <span className={styles.problem}>{listing.problem}</span> : null}
                        </td>
                      </tr>
                    );
                  })}
                </DataTable>
              </>
            )}
            <div className={styles.bar}>
              <Button
                appearance="subtle"
                icon={<ChevronLeftRegular />}
                disabled={cursors.length === 1}
                onClick={() => goTo(cursors.slice(0, -1))}
              >
                Previous page
              </Button>
              <Button
                appearance="subtle"
                icon={<ChevronRightRegular />}
                iconPosition="after"
                disabled={!page.data?.next_cursor}
                onClick={() => goTo([...cursors, page.data?.next_cursor ?? null])}
              >
                Next page
              </Button>
            </div>
          </PageSection>
        )}
      </div>
    </AppPage>
  );
}
