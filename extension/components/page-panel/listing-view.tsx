import {
  Badge,
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { describeFields } from '../../lib/capture-service.ts';
import type { ListingLookup } from '../../lib/catalog-lookup.ts';
import type { MatchBasis } from '../../lib/product-match.ts';
import type { CapturedListing } from '../../lib/readers/captured-listing.ts';
import { Figures } from '../figures.tsx';
import { AddIcon } from '../icons.tsx';
import { ProductHeading } from '../product-heading.tsx';
import { StockTable } from '../stock-table.tsx';
import { openInTradepost, useCaptureListing, useChannelState } from '../use-tradepost.ts';
import { ChannelListings, channelQueryOf } from './channel-listings.tsx';
import { PanelSection } from './panel-section.tsx';
import { StockActions } from './stock-actions.tsx';

const useStyles = makeStyles({
  pageTitle: { overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: '2', WebkitBoxOrient: 'vertical' },
  facts: { color: tokens.colorNeutralForeground2 },
  missing: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
  },
});

const basisLabels: Record<MatchBasis, string> = {
  sku: 'Matched by SKU',
  style_code: 'Matched by style code',
  title: 'Matched by title: check it is the same item',
};

/** What the page shows, in one line: price, size and the codes that identify it. */
export function listingFacts(listing: CapturedListing): string {
  return [
    listing.price === null ? null : formatMoney(listing.price.cents, listing.price.currency),
    listing.size === null ? null : `Size ${listing.size}`,
    listing.condition?.text ?? null,
    listing.sku === null ? null : `SKU ${listing.sku}`,
    listing.style_code === null || listing.style_code === listing.sku ? null : listing.style_code,
  ]
    .filter((fact): fact is string => fact !== null)
    .join(' · ');
}

/** The listing panel: the item as read from the page, then our product, its stock and cost. */
export function ListingView({
  listing,
  lookup,
}: {
  listing: CapturedListing;
  lookup: { data?: ListingLookup; isPending: boolean; error: Error | null; refetch: () => void };
}) {
  const styles = useStyles();
  const missing = listing.missing.filter((field) => field !== 'listing_id');
  return (
    <>
      <PanelSection title="On this page">
        <Text weight="semibold" className={styles.pageTitle}>
          {listing.title ?? 'No title on this page'}
        </Text>
        <Text size={200} className={styles.facts}>
          {listingFacts(listing)}
        </Text>
        {missing.length > 0 && (
          <Text size={200} className={styles.missing}>
            Not on the page: {describeFields(missing)}
          </Text>
        )}
      </PanelSection>
      <PanelSection title="In Tradepost">
        {lookup.isPending ? (
          <Spinner size="tiny" label="Looking for it in your catalog" labelPosition="after" />
        ) : lookup.error !== null ? (
          <MessageBar intent="error">
            <MessageBarBody>{lookup.error.message}</MessageBarBody>
            <MessageBarActions>
              <Button size="small" onClick={() => lookup.refetch()}>
                Try again
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : lookup.data?.match ? (
          <MatchedProduct match={lookup.data.match} listing={listing} />
        ) : (
          <NotInCatalog listing={listing} />
        )}
      </PanelSection>
    </>
  );
}

function MatchedProduct({ match, listing }: { match: NonNullable<ListingLookup['match']>; listing: CapturedListing }) {
  const { stock } = match;
  const channels = useChannelState(channelQueryOf(stock));
  const row = stock.rows.find((item) => item.variant_id === match.variant_id) ?? null;
  const cost = row?.cost_cents ?? stock.average_cost_cents;
  return (
    <>
      <ProductHeading product={stock.product}>
        <Badge appearance="tint" color={match.basis === 'title' ? 'warning' : 'brand'} size="small">
          {basisLabels[match.basis]}
        </Badge>
      </ProductHeading>
      <Figures
        label="Stock and cost"
        items={[
          {
            label: row === null ? 'Available' : `Size ${row.size} available`,
            value: row === null ? stock.totals.available : row.available,
          },
          { label: 'All sizes', value: stock.totals.available, hint: `${stock.totals.on_hand} on hand` },
          {
            label: row?.cost_cents != null ? 'Cost' : 'Average cost',
            value: cost === null ? '–' : formatMoney(cost, stock.currency),
            hint: cost === null ? 'No cost recorded' : undefined,
          },
        ]}
      />
      <StockTable stock={stock} currentVariantId={match.variant_id} />
      <ChannelListings stock={stock} currentVariantId={match.variant_id} />
      <StockActions
        stock={stock}
        currentVariantId={match.variant_id}
        locations={channels.data?.locations ?? stock.locations}
        pagePriceCents={listing.price !== null && listing.price.currency === stock.currency ? listing.price.cents : null}
      />
    </>
  );
}

function NotInCatalog({ listing }: { listing: CapturedListing }) {
  const styles = useStyles();
  const capture = useCaptureListing();
  const outcome = capture.data;
  if (outcome !== undefined) {
    const lacking = outcome.status === 'created' ? outcome.missing.filter((field) => field !== 'listing_id') : [];
    return (
      <MessageBar intent="success" layout="multiline" role="status">
        <MessageBarBody>
          <MessageBarTitle>{outcome.status === 'created' ? 'Saved as a draft in Tradepost.' : 'Already in Tradepost.'}</MessageBarTitle>
          {lacking.length > 0 && <>Not on the page: {describeFields(lacking)}. </>}
          {outcome.status === 'created' && outcome.photos.failed > 0 && <>{outcome.photos.failed} photos could not be copied. </>}
          <Link onClick={() => openInTradepost(outcome.path)}>{outcome.status === 'created' ? 'Finish it in Tradepost' : 'Open it'}</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div className={styles.empty}>
      <Text weight="semibold">Not in your catalog yet.</Text>
      <Text size={200}>Add it to inventory to save it as a draft with this page's details; finish it in Tradepost.</Text>
      {capture.error !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{capture.error.message}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          icon={capture.isPending ? <Spinner size="tiny" /> : <AddIcon />}
          disabledFocusable={capture.isPending || listing.title === null}
          onClick={() => capture.mutate(listing)}
        >
          Add to inventory
        </Button>
      </div>
    </div>
  );
}
