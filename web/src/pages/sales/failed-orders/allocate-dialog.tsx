import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Select,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import type { FailedOrder, RecordOutcome } from '@tradepost/shared/schemas/sales.ts';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { useVariantLedger } from '../../../features/inventory/use-variant-ledger.ts';
import { useRetryFailedOrder } from '../../../features/sales/use-failed-orders.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(680px, calc(100vw - 24px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  lines: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(200px, 280px)',
    gap: '12px',
    alignItems: 'start',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  title: { ...typographyStyles.body1Strong, display: 'block', overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
});

type AllocateDialogProps = {
  scope: BusinessScope | undefined;
  order: FailedOrder;
  onClose: () => void;
  onRecorded: (outcome: RecordOutcome) => void;
};

/** Allocate by hand: the location each line is taken from, with what is available there; then the order is retried. */
export function AllocateDialog({ scope, order, onClose, onRecorded }: AllocateDialogProps) {
  const styles = useStyles();
  const locations = useLocations(scope);
  const retry = useRetryFailedOrder(scope);
  const active = (locations.data ?? []).filter((location) => !location.archived);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const fallback = active.find((location) => location.is_default)?.id ?? active[0]?.id ?? '';

  const onSubmit = () => {
    setFailure(undefined);
    const picks = order.payload.lines.map((_, line) => ({ line, location_id: chosen[line] ?? fallback }));
    if (picks.some((pick) => pick.location_id === '')) {
      setFailure('Choose a location for every line.');
      return;
    }
    retry.mutate(
      { failedOrderId: order.id, locations: picks },
      {
        onSuccess: (outcome) => {
          if (outcome.outcome === 'failed') setFailure(outcome.reason);
          else onRecorded(outcome);
        },
        onError: (error) => setFailure(fieldErrors(error, () => false, 'The order could not be retried.').general),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>Allocate order {order.external_order_id} by hand</DialogTitle>
          <DialogContent className={styles.content}>
            <p className={styles.text}>
              Choose where each line is picked from. The pick rules are set aside for this order only; a location without enough available
              stock is still refused.
            </p>
            {locations.isPending ? (
              <Spinner size="tiny" label="Loading locations…" />
            ) : active.length === 0 ? (
              <MessageBar intent="warning">
                <MessageBarBody>You have no location yet. Create one under Inventory, receive the stock, then retry.</MessageBarBody>
              </MessageBar>
            ) : (
              <ul className={styles.lines}>
                {order.payload.lines.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the API names order lines by position
                  <li key={index} className={styles.line}>
                    <span>
                      <span className={styles.title}>{line.title ?? line.sku}</span>
                      <span className={styles.meta}>
                        {line.sku} · {line.quantity} ordered
                      </span>
                    </span>
                    <LineLocation
                      scope={scope}
                      sku={line.sku}
                      quantity={line.quantity}
                      locations={active}
                      value={chosen[index] ?? null}
                      fallback={fallback}
                      onChange={(id) => setChosen((prev) => ({ ...prev, [index]: id }))}
                    />
                  </li>
                ))}
              </ul>
            )}
            <FormErrorAlert message={failure} />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              icon={retry.isPending ? <Spinner size="tiny" /> : undefined}
              disabledFocusable={retry.isPending || active.length === 0}
              onClick={onSubmit}
            >
              Retry with these locations
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

type LineLocationProps = {
  scope: BusinessScope | undefined;
  sku: string;
  quantity: number;
  locations: Location[];
  value: string | null;
  fallback: string;
  onChange: (locationId: string) => void;
};

/**
 * The location select of one line, with the available stock of that line's size at each location.
 * The size is found by the channel SKU in the catalog (our SKU or a barcode); a SKU known only
 * through a channel mapping is not searchable, and then the locations are listed without stock.
 */
function LineLocation({ scope, sku, quantity, locations, value, fallback, onChange }: LineLocationProps) {
  const findByCode = useVariantByCode(scope);
  const variant = useQuery({
    queryKey: salesKeys.variantByCode(scope?.businessId ?? '', sku),
    queryFn: () => findByCode(sku),
    enabled: scope !== undefined,
  });
  const ledger = useVariantLedger(scope, variant.data?.variantId ?? null);
  const available = new Map((ledger.data?.reconciliation ?? []).map((row) => [row.location_id, row.level.available]));
  const known = ledger.data !== undefined;
  const best = known ? locations.find((location) => (available.get(location.id) ?? 0) >= quantity)?.id : undefined;
  const selected = value ?? best ?? fallback;

  // The first location with enough stock becomes the choice once stock is known, unless the user chose already.
  useEffect(() => {
    if (value === null && best !== undefined) onChange(best);
  }, [value, best, onChange]);

  const short = known && (available.get(selected) ?? 0) < quantity;
  return (
    <Field
      label="Pick from"
      validationState={short ? 'warning' : 'none'}
      validationMessage={short ? `Only ${available.get(selected) ?? 0} available here` : undefined}
      hint={variant.isFetched && variant.data === null ? 'Stock per location is not known for this SKU.' : undefined}
    >
      <Select value={selected} onChange={(_, d) => onChange(d.value)} aria-label={`Location for ${sku}`}>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
            {known ? ` — ${available.get(location.id) ?? 0} available` : ''}
          </option>
        ))}
      </Select>
    </Field>
  );
}
