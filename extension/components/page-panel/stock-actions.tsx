import {
  Button,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { adjustmentReasonLabels } from '@tradepost/shared/domain/adjustment-reasons.ts';
import { adjustmentReasonCodes } from '@tradepost/shared/schemas/inventory.ts';
import { formatMoney, moneyInputText, parseMoney } from '@tradepost/shared/ui/money.ts';
import { type FormEvent, useState } from 'react';
import { productPath } from '../../lib/capture-draft.ts';
import type { ProductStock, StockLocation } from '../../lib/stock-view.ts';
import { AddIcon, OpenIcon } from '../icons.tsx';
import { openInTradepost, useAdjustStock, useRecordSale } from '../use-tradepost.ts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
    gap: tokens.spacingHorizontalS,
    alignItems: 'start',
  },
  // Fluent's input keeps a minimum width that would overflow a narrow grid cell.
  input: { width: '100%', minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

type Reason = (typeof adjustmentReasonCodes)[number];
/** 'return_to_vendor' → 'Return to vendor'. */

/** A whole number other than zero, with an optional sign ('+2', '-1', '3'); null otherwise. */
export function parseQuantityChange(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?\d{1,6}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity === 0 || Math.abs(quantity) > 100_000 ? null : quantity;
}

type Props = { stock: ProductStock; currentVariantId: string | null; locations: StockLocation[]; pagePriceCents: number | null };

/** Quick actions on the matched product: adjust stock and record a sale, each a small form with its result. */
export function StockActions(props: Props) {
  const styles = useStyles();
  const [open, setOpen] = useState<'adjust' | 'sale' | null>(null);
  const toggle = (form: 'adjust' | 'sale') => setOpen((current) => (current === form ? null : form));
  return (
    <>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<OpenIcon />} onClick={() => openInTradepost(productPath(props.stock.product.id))}>
          Open in Tradepost
        </Button>
        <Button aria-expanded={open === 'adjust'} onClick={() => toggle('adjust')}>
          Adjust stock
        </Button>
        <Button aria-expanded={open === 'sale'} onClick={() => toggle('sale')}>
          Record a sale
        </Button>
      </div>
      {open === 'adjust' && <AdjustStockForm {...props} />}
      {open === 'sale' && <RecordSaleForm {...props} />}
    </>
  );
}

function SizeSelect({ stock, value, onChange }: { stock: ProductStock; value: string; onChange: (variantId: string) => void }) {
  return (
    <Field label="Size">
      <Select value={value} onChange={(_, data) => onChange(data.value)}>
        {stock.rows.map((row) => (
          <option key={row.variant_id} value={row.variant_id}>
            {row.size} ({row.available} available)
          </option>
        ))}
      </Select>
    </Field>
  );
}

function LocationSelect({ locations, value, onChange }: { locations: StockLocation[]; value: string; onChange: (id: string) => void }) {
  return (
    <Field label="Location">
      <Select value={value} onChange={(_, data) => onChange(data.value)}>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function AdjustStockForm({ stock, currentVariantId, locations }: Props) {
  const styles = useStyles();
  const adjust = useAdjustStock();
  const [variantId, setVariantId] = useState(currentVariantId ?? stock.rows[0]?.variant_id ?? '');
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const [change, setChange] = useState('');
  const [reason, setReason] = useState<Reason | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const quantity = parseQuantityChange(change);
  // Stock in is usually received, stock out usually a correction (the web app's default too).
  const chosenReason: Reason = reason ?? (quantity !== null && quantity < 0 ? 'correction' : 'received');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (quantity === null) {
      setInvalid('Enter a whole number other than 0: 2 adds two, -1 takes one away');
      return;
    }
    setInvalid(null);
    const size = stock.rows.find((row) => row.variant_id === variantId)?.size ?? '';
    const location = locations.find((item) => item.id === locationId)?.name ?? '';
    adjust.mutate(
      { variant_id: variantId, location_id: locationId, quantity, reason: chosenReason },
      {
        onSuccess: ({ on_hand }) => {
          setChange('');
          setResult(`Size ${size} at ${location}: ${on_hand} on hand now.`);
        },
      },
    );
  };

  return (
    <form className={styles.form} aria-label="Adjust stock" onSubmit={submit} noValidate>
      <div className={styles.row}>
        <SizeSelect stock={stock} value={variantId} onChange={setVariantId} />
        <LocationSelect locations={locations} value={locationId} onChange={setLocationId} />
      </div>
      <div className={styles.row}>
        <Field label="Change" hint="+ adds, − takes away" validationMessage={invalid ?? undefined}>
          <Input
            className={styles.input}
            value={change}
            inputMode="numeric"
            placeholder="2 or -1"
            onChange={(_, data) => setChange(data.value)}
          />
        </Field>
        <Field label="Reason">
          <Select value={chosenReason} onChange={(_, data) => setReason(data.value as Reason)}>
            {adjustmentReasonCodes.map((code) => (
              <option key={code} value={code}>
                {adjustmentReasonLabels[code]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {adjust.error !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{adjust.error.message}</MessageBarBody>
        </MessageBar>
      )}
      {result !== null && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{result}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={adjust.isPending}
          icon={adjust.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Save adjustment
        </Button>
      </div>
    </form>
  );
}

function RecordSaleForm({ stock, currentVariantId, locations, pagePriceCents }: Props) {
  const styles = useStyles();
  const sale = useRecordSale();
  const [variantId, setVariantId] = useState(currentVariantId ?? stock.rows[0]?.variant_id ?? '');
  const row = stock.rows.find((item) => item.variant_id === variantId);
  const startPrice = pagePriceCents ?? row?.price_cents ?? stock.product.retail_price_cents;
  const [price, setPrice] = useState(startPrice === null ? '' : moneyInputText(startPrice, stock.currency));
  const [channel, setChannel] = useState<'manual' | 'in_store'>('manual');
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const cents = parseMoney(price, stock.currency);
    if (cents === null || cents === undefined) {
      setInvalid('Enter the price it sold for, like 189.99');
      return;
    }
    setInvalid(null);
    sale.mutate(
      { channel, variant_id: variantId, unit_price_cents: cents, ...(channel === 'in_store' ? { location_id: locationId } : {}) },
      {
        onSuccess: (recorded) =>
          setResult(
            `Sale #${recorded.number} recorded: size ${row?.size ?? ''} for ${formatMoney(recorded.totals.total_cents, recorded.currency)}.`,
          ),
      },
    );
  };

  return (
    <form className={styles.form} aria-label="Record a sale" onSubmit={submit} noValidate>
      <div className={styles.row}>
        <SizeSelect stock={stock} value={variantId} onChange={setVariantId} />
        <Field label="Price" validationMessage={invalid ?? undefined}>
          <Input
            className={styles.input}
            value={price}
            inputMode="decimal"
            contentBefore={stock.currency}
            onChange={(_, data) => setPrice(data.value)}
          />
        </Field>
      </div>
      <Field label="Sold">
        <RadioGroup layout="horizontal" value={channel} onChange={(_, data) => setChannel(data.value as 'manual' | 'in_store')}>
          <Radio value="manual" label="Manual order" />
          <Radio value="in_store" label="In store" />
        </RadioGroup>
      </Field>
      {channel === 'in_store' && <LocationSelect locations={locations} value={locationId} onChange={setLocationId} />}
      {sale.error !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{sale.error.message}</MessageBarBody>
        </MessageBar>
      )}
      {result !== null && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>
            {result} <Link onClick={() => openInTradepost('/sales')}>See sales</Link>
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={sale.isPending}
          icon={sale.isPending ? <Spinner size="tiny" /> : <AddIcon />}
        >
          Record sale
        </Button>
      </div>
    </form>
  );
}
