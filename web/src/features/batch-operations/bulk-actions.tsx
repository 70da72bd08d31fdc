import { Button, MessageBar, MessageBarBody, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowSyncRegular, DismissRegular, MegaphoneRegular, StopRegular, TagRegular } from '@fluentui/react-icons';
import type { BatchOperation, CreateBatchBody, MarketplaceProduct } from '@tradepost/shared/schemas/batch-operations.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { platformLabels } from '../connections/connection-labels.ts';
import { ConfirmDialog } from '../forms/confirm-dialog.tsx';
import { ButtonLink } from '../navigation/router-link.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { operationLabels } from './batch-labels.ts';
import { BatchProgress } from './batch-progress.tsx';
import { PriceChangeDialog } from './price-change-dialog.tsx';
import { useBatch, useCreateBatch } from './use-batch-operations.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 12px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
  },
  count: { ...typographyStyles.body1Strong, margin: 0, marginInlineEnd: 'auto' },
  started: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 16px',
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  startedText: { ...typographyStyles.body1, margin: 0, flexGrow: 1, minWidth: '200px' },
  progress: { flexGrow: 2, minWidth: '220px' },
});

export type BulkAction = 'list' | 'relist' | 'end' | 'price' | 'quantity';

type Confirmable = Exclude<BulkAction, 'price'>;

const confirmTexts: Record<Confirmable, { title: string; text: string; button: string }> = {
  list: {
    title: 'List on {platform}',
    text: 'Each product is listed with all its sizes, its price and the stock Tradepost may offer there. Products already listed are updated.',
    button: 'List them',
  },
  relist: {
    title: 'Relist on {platform}',
    text: 'The ended listings go back on sale with their current stock and price.',
    button: 'Relist them',
  },
  end: {
    title: 'End listings on {platform}',
    text: 'The listings come off sale. They are kept (ended), so they can be relisted with the same ids.',
    button: 'End them',
  },
  quantity: {
    title: 'Push stock to {platform} now',
    text: 'Each listed size gets the quantity Tradepost computes now (available stock less the buffer and cap). Normally this happens on its own after every stock change.',
    button: 'Push stock',
  },
};

const icons = {
  list: <MegaphoneRegular />,
  relist: <ArrowSyncRegular />,
  end: <StopRegular />,
  price: <TagRegular />,
  quantity: <ArrowSyncRegular />,
};

const buttonLabels: Record<BulkAction, string> = {
  list: 'List',
  relist: 'Relist',
  end: 'End',
  price: 'Change price…',
  quantity: 'Push stock',
};

/** Which selected products each action applies to (the rest are left out, not refused). */
export function applicable(action: BulkAction, products: MarketplaceProduct[]): MarketplaceProduct[] {
  switch (action) {
    case 'list':
      return products;
    case 'relist':
      return products.filter((p) => p.listing !== null && p.listing.status !== 'active');
    case 'end':
      return products.filter((p) => p.listing !== null && p.listing.status !== 'ended');
    case 'price':
    case 'quantity':
      return products.filter((p) => p.listing !== null && p.listing.status !== 'ended' && p.listed_sizes > 0);
  }
}

function bodyFor(action: Confirmable, connectionId: string, products: MarketplaceProduct[]): CreateBatchBody {
  if (action === 'quantity') {
    const items = products.flatMap((p) => p.variants.filter((v) => v.listed !== null).map((v) => ({ variant_id: v.variant_id })));
    return { connection_id: connectionId, operation_type: 'quantity', items };
  }
  return { connection_id: connectionId, operation_type: action, items: products.map((p) => ({ product_id: p.product_id })) };
}

/** The batch just started from this page, with its live progress bar and the way to its details. */
export function StartedBatch({ scope, batch, onClose }: { scope: BusinessScope | undefined; batch: BatchOperation; onClose: () => void }) {
  const styles = useStyles();
  const latest = useBatch(scope, batch.id, 'failed').data?.batch ?? batch;
  return (
    <section className={styles.started} aria-label="Batch started from this page">
      <p className={styles.startedText}>
        {operationLabels[latest.operation_type]} · {latest.total.toLocaleString()} {latest.total === 1 ? 'item' : 'items'}
      </p>
      <div className={styles.progress}>
        <BatchProgress batch={latest} label="Batch progress" />
      </div>
      <ButtonLink to={`/batch-operations/debug/${latest.id}`} appearance="secondary" size="small">
        Details
      </ButtonLink>
      <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label="Hide this progress" onClick={onClose} />
    </section>
  );
}

type BulkActionsProps = {
  scope: BusinessScope | undefined;
  platform: MarketplacePlatform;
  connectionId: string;
  selected: MarketplaceProduct[];
  actions: BulkAction[];
  onClear: () => void;
  /** Replaces "n selected" (a page about one product). */
  title?: string;
  /** Hides the Clear button (a page about one product). */
  fixed?: boolean;
};

/**
 * What can be done to the selected products on one platform: each action starts one batch
 * operation and shows its progress bar here, live from the stream.
 */
export function BulkActions({ scope, platform, connectionId, selected, actions, onClear, title, fixed = false }: BulkActionsProps) {
  const styles = useStyles();
  const create = useCreateBatch(scope);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [pricing, setPricing] = useState(false);
  const [started, setStarted] = useState<BatchOperation | null>(null);
  const name = platformLabels[platform];
  const refusal = create.error ? (apiFormErrors(create.error, [], 'The batch could not be started.').general ?? null) : null;

  const start = (body: CreateBatchBody) =>
    create.mutate(body, {
      onSuccess: (batch) => {
        setStarted(batch);
        setConfirming(null);
        setPricing(false);
        onClear();
      },
    });

  const priced = applicable('price', selected).flatMap((p) =>
    p.variants
      .filter((v) => v.listed !== null)
      .map((v) => ({ variantId: v.variant_id, priceCents: v.listed?.pushed_price_cents ?? v.price_cents })),
  );

  return (
    <>
      {selected.length === 0 ? null : (
        <div className={styles.bar} role="toolbar" aria-label="Actions on the selected products">
          <p className={styles.count}>{title ?? `${selected.length} selected`}</p>
          {actions.map((action) => {
            const count = applicable(action, selected).length;
            // A page about one product offers only what applies to it.
            if (fixed && count === 0) return null;
            return (
              <Button
                key={action}
                icon={icons[action]}
                disabled={count === 0}
                onClick={() => {
                  create.reset();
                  if (action === 'price') setPricing(true);
                  else setConfirming(action);
                }}
              >
                {buttonLabels[action]}
                {count !== selected.length && count > 0 ? ` (${count})` : ''}
              </Button>
            );
          })}
          {fixed ? null : (
            <Button appearance="subtle" onClick={onClear}>
              Clear
            </Button>
          )}
        </div>
      )}
      {started === null ? null : <StartedBatch scope={scope} batch={started} onClose={() => setStarted(null)} />}
      {create.isError && confirming === null && !pricing ? (
        <MessageBar intent="error">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <ConfirmDialog
        subject={confirming}
        title={(action) => confirmTexts[action].title.replace('{platform}', name)}
        confirmLabel={confirming ? confirmTexts[confirming].button : ''}
        pending={create.isPending}
        refusal={refusal}
        onConfirm={(action) => start(bodyFor(action, connectionId, applicable(action, selected)))}
        onDismiss={() => setConfirming(null)}
      >
        {(action) => {
          const count = applicable(action, selected).length;
          return (
            <>
              {confirmTexts[action].text.replace('{platform}', name)} {count} {count === 1 ? 'product' : 'products'}
              {count === selected.length ? '.' : ` of the ${selected.length} selected (the others do not apply).`}
            </>
          );
        }}
      </ConfirmDialog>
      <PriceChangeDialog
        open={pricing}
        sizes={priced}
        currency={scope?.currency ?? 'USD'}
        platformName={name}
        pending={create.isPending}
        refusal={refusal}
        onSubmit={(items) => start({ connection_id: connectionId, operation_type: 'price', items })}
        onDismiss={() => setPricing(false)}
      />
    </>
  );
}
