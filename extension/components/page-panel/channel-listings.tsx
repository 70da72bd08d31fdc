import {
  Badge,
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { Listing, ListingConnection, ListingStatus } from '@tradepost/shared/schemas/listings.ts';
import { useState } from 'react';
import type { ChannelState } from '../../lib/channel-actions.ts';
import type { ProductStock } from '../../lib/stock-view.ts';
import { openInTradepost, useChannelState, useEndListing, useListProduct } from '../use-tradepost.ts';
import { PanelSection } from './panel-section.tsx';
import { isBatchFinished, useBatchWatch } from './use-batch-watch.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  channel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { flexGrow: 1 },
  quantities: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  quantity: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
    fontSize: tokens.fontSizeBase200,
    fontVariantNumeric: 'tabular-nums',
  },
  current: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export const platformLabels: Record<ListingConnection['platform'], string> = { ebay: 'eBay', shopify: 'Shopify', square: 'Square' };

const statusBadges: Record<ListingStatus, { text: (label: string) => string; color: 'success' | 'informative' | 'subtle' | 'danger' }> = {
  active: { text: (label) => `Listed on ${label}`, color: 'success' },
  pending: { text: (label) => `Being listed on ${label}`, color: 'informative' },
  ended: { text: (label) => `Ended on ${label}`, color: 'subtle' },
  error: { text: (label) => `Not listed on ${label}: error`, color: 'danger' },
};

/** Listed (or being listed) listings can be ended; anything else can be listed again. */
const isLive = (listing: Listing | undefined) => listing?.status === 'active' || listing?.status === 'pending';

/** What the matrix is searched by to find this product: its style code, else its title. */
export const channelQueryOf = (stock: ProductStock) => ({
  id: stock.product.id,
  search: (stock.product.style_code ?? stock.product.title).slice(0, 100),
});

/** The product on each marketplace: listing state, listed quantity per size, last error, and list or end. */
export function ChannelListings({ stock, currentVariantId }: { stock: ProductStock; currentVariantId: string | null }) {
  const _styles = useStyles();
  const channels = useChannelState(channelQueryOf(stock));
  return (
    <PanelSection title="On your marketplaces">
      {channels.isPending ? (
        <Spinner size="tiny" label="Reading your listings" labelPosition="after" />
      ) : channels.error !== null ? (
        <MessageBar intent="error">
          <MessageBarBody>{channels.error.message}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => channels.refetch()}>
              Try again
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <ChannelList state={channels.data} stock={stock} currentVariantId={currentVariantId} />
      )}
    </PanelSection>
  );
}

function ChannelList({ state, stock, currentVariantId }: { state: ChannelState; stock: ProductStock; currentVariantId: string | null }) {
  const styles = useStyles();
  const shown = state.connections.filter(
    (connection) => connection.status === 'connected' || state.listings.some((listing) => listing.connection_id === connection.id),
  );
  if (shown.length === 0) {
    return (
      <Text size={200} className={styles.muted}>
        No marketplace connected yet. Connect eBay, Shopify or Square in Tradepost, then list this product from here.{' '}
        <Link onClick={() => openInTradepost('/sales-channels-management')}>Connect a marketplace</Link>
      </Text>
    );
  }
  return (
    <ul className={styles.list}>
      {shown.map((connection) => (
        <ChannelRow
          key={connection.id}
          connection={connection}
          listing={state.listings.find((item) => item.connection_id === connection.id)}
          stock={stock}
          currentVariantId={currentVariantId}
        />
      ))}
    </ul>
  );
}

function ChannelRow({
  connection,
  listing,
  stock,
  currentVariantId,
}: {
  connection: ListingConnection;
  listing: Listing | undefined;
  stock: ProductStock;
  currentVariantId: string | null;
}) {
  const styles = useStyles();
  const label = platformLabels[connection.platform];
  const list = useListProduct();
  const end = useEndListing();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // Ending runs as a one-item batch; the row follows it to the end.
  const [ending, setEnding] = useState<BatchOperation | null>(null);
  const endWatch = useBatchWatch(ending);
  const endFinished = endWatch !== null && isBatchFinished(endWatch);
  const badge = listing === undefined ? null : statusBadges[listing.status];
  const sizeOf = (variantId: string) => stock.rows.find((row) => row.variant_id === variantId)?.size ?? '?';
  // In the stock table's size order.
  const order = (variantId: string) => stock.rows.findIndex((row) => row.variant_id === variantId);
  const listedSizes = [...(listing?.variants ?? [])].sort((a, b) => order(a.variant_id) - order(b.variant_id));
  const errors = [listing?.last_error, ...(listing?.variants.map((variant) => variant.last_error) ?? [])].filter(
    (error): error is string => typeof error === 'string' && error !== '',
  );
  const canList = connection.status === 'connected' && !isLive(listing);
  const pending = list.isPending || end.isPending || (ending !== null && !endFinished);
  const failure =
    list.error ??
    end.error ??
    (endFinished && endWatch.failed > 0 ? new Error(`${label} did not end it: see the batch in Tradepost`) : null);
  const message = ending !== null && endFinished && failure === null ? `Ended the ${label} listing.` : done;

  return (
    <li className={styles.channel} aria-label={`${label}${connection.account_name ? ` (${connection.account_name})` : ''}`}>
      <div className={styles.top}>
        <Text weight="semibold" className={styles.name}>
          {label}
          {connection.account_name ? <Text className={styles.muted}> · {connection.account_name}</Text> : null}
        </Text>
        {badge === null ? (
          <Badge appearance="outline" color="subtle">
            {`Not listed on ${label}`}
          </Badge>
        ) : (
          <Badge appearance="tint" color={badge.color}>
            {badge.text(label)}
          </Badge>
        )}
      </div>
      {connection.status !== 'connected' && (
        <Text size={200} className={styles.muted}>
          The connection needs attention in Tradepost before it can list.
        </Text>
      )}
      {listing !== undefined && isLive(listing) && listedSizes.length > 0 && (
        <ul className={styles.quantities} aria-label={`Listed quantity per size on ${label}`}>
          {listedSizes.map((variant) => (
            <li
              key={variant.variant_id}
              className={variant.variant_id === currentVariantId ? `${styles.quantity} ${styles.current}` : styles.quantity}
            >
              {sizeOf(variant.variant_id)} · {variant.pushed_quantity ?? '–'}
            </li>
          ))}
        </ul>
      )}
      {errors.length > 0 && (
        <Text size={200} className={styles.error}>
          Last error: {errors[0]}
        </Text>
      )}
      {ending !== null && !endFinished && <Spinner size="tiny" label={`Ending the ${label} listing`} labelPosition="after" />}
      {message !== null && !pending && failure === null && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure.message}</MessageBarBody>
        </MessageBar>
      )}
      {confirming && listing !== undefined ? (
        <MessageBar intent="warning" layout="multiline" role="alertdialog" aria-label={`End the ${label} listing?`}>
          <MessageBarBody>End the {label} listing? Buyers can no longer buy it there; you can list it again later.</MessageBarBody>
          <MessageBarActions>
            <Button
              size="small"
              appearance="primary"
              onClick={() => {
                setConfirming(false);
                setDone(null);
                list.reset();
                end.mutate({ connection_id: connection.id, product_id: stock.product.id }, { onSuccess: (batch) => setEnding(batch) });
              }}
            >
              End it
            </Button>
            <Button size="small" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <div className={styles.actions}>
          {canList && (
            <Button
              size="small"
              appearance="primary"
              disabledFocusable={pending}
              icon={list.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => {
                setDone(null);
                setEnding(null);
                end.reset();
                list.mutate(
                  { connection_id: connection.id, product_id: stock.product.id },
                  { onSuccess: (result) => setDone(result.status === 'error' ? `${label} did not take it.` : `Listed on ${label}.`) },
                );
              }}
            >
              List on {label}
            </Button>
          )}
          {listing !== undefined && isLive(listing) && (
            <Button
              size="small"
              disabledFocusable={pending}
              icon={end.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => setConfirming(true)}
            >
              End listing
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
