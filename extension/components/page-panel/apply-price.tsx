import {
  Button,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  ProgressBar,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { formatMoney, moneyInputText, parseMoney } from '@tradepost/shared/ui/money.ts';
import { type FormEvent, useState } from 'react';
import type { MarketplaceSite } from '../../lib/readers/captured-listing.ts';
import type { ProductStock } from '../../lib/stock-view.ts';
import { openInTradepost, useApplyPrice, useChannelState } from '../use-tradepost.ts';
import { channelQueryOf, platformLabels } from './channel-listings.tsx';
import { type BatchWatch, isBatchFinished, useBatchWatch } from './use-batch-watch.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
  price: { flex: '1 1 140px', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The connection a marketplace page's price goes to; Whatnot is not a platform Tradepost connects to. */
const platformOfSite: Record<MarketplaceSite, MarketplacePlatform | null> = { ebay: 'ebay', shopify: 'shopify', whatnot: null };

type Props = { site: MarketplaceSite; stock: ProductStock; variantId: string | null; startCents: number | null };

/**
 * "Apply price": a price batch (the API's price change) on the page's own marketplace for the
 * recognised size or every listed size, with its progress from the batch stream until it is done.
 */
export function ApplyPrice({ site, stock, variantId, startCents }: Props) {
  const styles = useStyles();
  const platform = platformOfSite[site];
  const channels = useChannelState(platform === null ? null : channelQueryOf(stock));
  const apply = useApplyPrice();
  const [batch, setBatch] = useState<{ operation: BatchOperation; cents: number; sizes: number } | null>(null);
  const watch = useBatchWatch(batch?.operation ?? null);
  const [price, setPrice] = useState(startCents === null ? '' : moneyInputText(startCents, stock.currency));
  const [scope, setScope] = useState<'size' | 'all'>('size');
  const [invalid, setInvalid] = useState<string | null>(null);

  if (platform === null) {
    return (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>
          Whatnot has no connection in Tradepost, so prices cannot be applied from here: change it on Whatnot.
        </MessageBarBody>
      </MessageBar>
    );
  }
  const label = platformLabels[platform];
  if (channels.isPending) return <Spinner size="tiny" label={`Reading your ${label} listing`} labelPosition="after" />;
  if (channels.error !== null) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{channels.error.message}</MessageBarBody>
      </MessageBar>
    );
  }
  const connection = channels.data.connections.find((item) => item.platform === platform && item.status === 'connected');
  if (connection === undefined) {
    return (
      <Text size={200} className={styles.muted}>
        {label} is not connected to Tradepost. <Link onClick={() => openInTradepost('/sales-channels-management')}>Connect {label}</Link> to
        change prices from here.
      </Text>
    );
  }
  const listing = channels.data.listings.find(
    (item) => item.connection_id === connection.id && (item.status === 'active' || item.status === 'pending'),
  );
  if (listing === undefined || listing.variants.length === 0) {
    return (
      <Text size={200} className={styles.muted}>
        This product is not listed on {label}. List it from the Listing tab, then apply a price here.
      </Text>
    );
  }
  const listedIds = listing.variants.map((variant) => variant.variant_id);
  const size = stock.rows.find((row) => row.variant_id === variantId && listedIds.includes(row.variant_id))?.size ?? null;
  const chosen = size !== null && scope === 'size' ? [variantId as string] : listedIds;
  const running = batch !== null && (watch === null || !isBatchFinished(watch));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMoney(price, stock.currency);
    if (cents === null || cents === undefined || cents < 1) {
      setInvalid('Enter the new price, like 199.99');
      return;
    }
    setInvalid(null);
    setBatch(null);
    apply.mutate(
      { connection_id: connection.id, items: chosen.map((id) => ({ variant_id: id, price_cents: cents })) },
      { onSuccess: (operation) => setBatch({ operation, cents, sizes: chosen.length }) },
    );
  };

  return (
    <form className={styles.form} aria-label={`Apply a price on ${label}`} onSubmit={submit} noValidate>
      {size !== null && listedIds.length > 1 && (
        <RadioGroup layout="horizontal" value={scope} onChange={(_, data) => setScope(data.value as 'size' | 'all')} aria-label="Sizes">
          <Radio value="size" label={`Size ${size}`} />
          <Radio value="all" label={`All ${listedIds.length} listed sizes`} />
        </RadioGroup>
      )}
      <div className={styles.actions}>
        <Field label={`New price on ${label}`} validationMessage={invalid ?? undefined} className={styles.price}>
          <Input
            className={styles.input}
            value={price}
            inputMode="decimal"
            contentBefore={stock.currency}
            onChange={(_, data) => setPrice(data.value)}
          />
        </Field>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={apply.isPending || running}
          icon={apply.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Apply price
        </Button>
      </div>
      <Text size={200} className={styles.muted}>
        {size !== null && scope === 'size' ? `Changes size ${size}` : `Changes ${listedIds.length} listed sizes`} on {label} through a
        Tradepost price batch.
      </Text>
      {apply.error !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{apply.error.message}</MessageBarBody>
        </MessageBar>
      )}
      {batch !== null && watch !== null && (
        <BatchResult watch={watch} label={label} price={formatMoney(batch.cents, stock.currency)} sizes={batch.sizes} />
      )}
    </form>
  );
}

function BatchResult({ watch, label, price, sizes }: { watch: BatchWatch; label: string; price: string; sizes: number }) {
  const styles = useStyles();
  const finished = isBatchFinished(watch);
  const value = watch.total === 0 ? 0 : watch.processed / watch.total;
  const text = `${watch.processed} of ${watch.total} ${watch.total === 1 ? 'size' : 'sizes'} sent`;
  return (
    <>
      <ProgressBar
        thickness="large"
        value={value}
        color={watch.status === 'failed' ? 'error' : finished && watch.failed === 0 ? 'success' : finished ? 'warning' : 'brand'}
        aria-label={`Price change on ${label}`}
        aria-valuetext={`${Math.round(value * 100)}% — ${text}`}
      />
      <Text size={200} className={styles.muted} role="status">
        {finished ? text : `${text}…`}
      </Text>
      {finished &&
        (watch.failed === 0 ? (
          <MessageBar intent="success" role="status">
            <MessageBarBody>
              {price} is the price on {label} now ({sizes === 1 ? 'one size' : `${sizes} sizes`}).
            </MessageBarBody>
          </MessageBar>
        ) : (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              {label} refused {watch.failed} of {watch.total}.{' '}
              <Link onClick={() => openInTradepost('/batch-operations')}>See why in Tradepost</Link>
            </MessageBarBody>
          </MessageBar>
        ))}
    </>
  );
}
