import { Button, Field, Input, makeStyles, Select, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, ArrowSwapRegular, BarcodeScannerRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { useLastAnswer, useProductSearch } from '../../features/catalog/use-products.ts';
import { useVariantByCode } from '../../features/catalog/use-variant-by-code.ts';
import { type VariantInfo, variantInfos } from '../../features/catalog/variant-info.ts';
import { useCreateAdjustment } from '../../features/inventory/use-create-adjustment.ts';
import { useLocations } from '../../features/inventory/use-locations.ts';
import { RouterLink } from '../../features/navigation/router-link.tsx';
import { useVendors } from '../../features/purchasing/use-vendors.ts';
import { CameraScanButton } from '../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../features/scanner/scan-feedback-bar.tsx';
import { registerScanHandler } from '../../features/scanner/scan-listener.ts';
import { useScanFeedback } from '../../features/scanner/use-scan-feedback.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';
import {
  buildIntakeBody,
  defaultIntakeLocation,
  type IntakeErrors,
  type IntakeField,
  type IntakeSource,
  intakeFeedback,
  intakeFieldOf,
} from './intake-model.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  feedback: { ...typographyStyles.subtitle1, padding: '16px 18px', '@media (max-width: 600px)': { ...typographyStyles.subtitle2 } },
  find: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  findField: { flexGrow: 1, minWidth: '200px' },
  chosen: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px 16px',
    padding: '12px 14px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  chosenTitle: { ...typographyStyles.subtitle2, margin: 0, overflowWrap: 'anywhere' },
  chosenMeta: { ...typographyStyles.body1, margin: '2px 0 0', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  missing: { ...typographyStyles.body1, margin: 0, color: tokens.colorPaletteRedForeground1 },
  pickList: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  pickTitle: { ...typographyStyles.body1Strong, display: 'block', marginBottom: '4px', overflowWrap: 'anywhere' },
  pickSizes: { display: 'flex', flexWrap: 'wrap', gap: '6px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: '12px 16px',
    alignItems: 'start',
    '& > *': { minWidth: 0 },
  },
  // A select is as wide as its longest option unless told otherwise: it must not push its column past the card.
  select: { width: '100%', minWidth: 0 },
  selectInner: { minWidth: 0, width: '100%', textOverflow: 'ellipsis' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'center' },
});

type SourceChoice = 'walk-in' | 'other' | `vendor:${string}`;

type IntakePanelProps = {
  scope: BusinessScope | undefined;
  codeRef: RefObject<HTMLInputElement | null>;
  /** Hardware scans anywhere on the page come here while this panel is the one in use. */
  scanActive: boolean;
};

/**
 * Single-product intake: scan or type a barcode or SKU (or search and pick a size), say how many,
 * what each cost, where it goes and where it came from, and add it to stock in one step: a
 * `received` adjustment with its unit cost (a FIFO cost lot) and the source in its note.
 */
export function SingleProductIntakePanel({ scope, codeRef, scanActive }: IntakePanelProps) {
  const styles = useStyles();
  const currency = scope?.currency ?? 'USD';
  const locations = useLocations(scope);
  const vendors = useVendors(scope, { limit: 200 });
  const lookup = useVariantByCode(scope);
  const adjust = useCreateAdjustment(scope);
  const feedback = useScanFeedback();
  const costRef = useRef<HTMLInputElement>(null);

  const [code, setCode] = useState('');
  const [item, setItem] = useState<VariantInfo | null>(null);
  const [missed, setMissed] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const [cost, setCost] = useState('');
  const [locationChoice, setLocationChoice] = useState<string | null>(null);
  const [sourceChoice, setSourceChoice] = useState<SourceChoice>('walk-in');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<IntakeErrors>({});

  const activeLocations = (locations.data ?? []).filter((location) => !location.archived);
  const locationId = locationChoice ?? defaultIntakeLocation(activeLocations)?.id ?? null;
  const vendorList = (vendors.data?.items ?? []).filter((vendor) => !vendor.archived);
  const vendorChosen = sourceChoice.startsWith('vendor:') ? vendorList.find((v) => `vendor:${v.id}` === sourceChoice) : undefined;
  const source: IntakeSource | null =
    sourceChoice === 'walk-in' || sourceChoice === 'other'
      ? { kind: sourceChoice }
      : vendorChosen === undefined
        ? null
        : { kind: 'vendor', vendorId: vendorChosen.id, vendorName: vendorChosen.name };

  const clearError = (field: IntakeField) => setErrors((prev) => ({ ...prev, [field]: undefined }));

  const choose = (info: VariantInfo) => {
    setItem(info);
    setMissed(null);
    setCode('');
    clearError('item');
    // The next thing to type is what it cost.
    window.setTimeout(() => costRef.current?.focus(), 0);
  };

  const find = (raw: string) => {
    const wanted = raw.trim();
    if (wanted === '') return;
    setLooking(true);
    void lookup(wanted).then(
      (info) => {
        setLooking(false);
        if (info === null) {
          setItem(null);
          setMissed(wanted);
          setCode(wanted);
          feedback.error(`No size has the barcode or SKU ${wanted}. Pick it from the search results, or check the code.`);
          return;
        }
        feedback.clear();
        choose(info);
      },
      () => {
        setLooking(false);
        feedback.error(`Could not look up ${wanted}. Check your connection and scan again.`);
      },
    );
  };

  // Scans are read at scan time through the latest `find`, so the registration survives re-renders.
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    if (!scanActive) return;
    return registerScanHandler((scanned) => findRef.current(scanned));
  }, [scanActive]);

  const onFind = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    find(code);
  };

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = buildIntakeBody({ variantId: item?.variantId ?? null, quantity, cost, locationId, source, note }, currency);
    if (!built.ok) {
      setErrors(built.errors);
      if (built.errors.item !== undefined) codeRef.current?.focus();
      return;
    }
    setErrors({});
    const line = built.body.lines[0];
    const added = item;
    const locationName = activeLocations.find((location) => location.id === locationId)?.name ?? 'the location';
    if (line === undefined || added === null) return;
    adjust.mutate(built.body, {
      onSuccess: (result) => {
        const level = result.levels.find((l) => l.variant_id === line.variant_id && l.location_id === built.body.location_id);
        feedback.success(
          intakeFeedback(
            {
              quantity: line.quantity,
              title: added.title,
              size: added.size,
              locationName,
              unitCostCents: line.unit_cost_cents ?? 0,
              onHandNow: level?.on_hand ?? null,
            },
            currency,
          ),
        );
        setItem(null);
        setQuantity('1');
        setCost('');
        codeRef.current?.focus();
      },
      onError: (error) => {
        const result = fieldErrors(error, (path) => intakeFieldOf(path) !== null, 'The item was not added to stock.');
        const next: IntakeErrors = {};
        for (const [path, message] of Object.entries(result.fields)) {
          const field = intakeFieldOf(path);
          if (field !== null) next[field] = next[field] === undefined ? message : `${next[field]}, ${message}`;
        }
        setErrors(next);
        if (result.general !== undefined) feedback.error(`Not added: ${result.general}`);
      },
    });
  };

  return (
    <div className={styles.root}>
      <ScanFeedbackBar feedback={feedback.feedback} flashing={feedback.flashing} className={styles.feedback} />

      <form className={styles.find} onSubmit={onFind} aria-label="Find the item" noValidate>
        <Field className={styles.findField} label="Barcode or SKU" validationMessage={errors.item}>
          <Input
            ref={codeRef}
            size="large"
            value={code}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
            onChange={(_, data) => {
              setCode(data.value);
              setMissed(null);
            }}
          />
        </Field>
        <Button type="submit" size="large" disabledFocusable={looking} icon={looking ? <Spinner size="tiny" /> : undefined}>
          Find
        </Button>
        <CameraScanButton size="large" onScan={find} />
      </form>

      {item !== null ? (
        <div className={styles.chosen}>
          <div>
            <p className={styles.chosenTitle}>
              {item.title} · {item.size}
            </p>
            <p className={styles.chosenMeta}>
              {item.sku} · {item.onHand} on hand in all locations
            </p>
          </div>
          <Button
            icon={<ArrowSwapRegular />}
            onClick={() => {
              setItem(null);
              codeRef.current?.focus();
            }}
          >
            Change item
          </Button>
        </div>
      ) : missed !== null ? (
        <PickSize scope={scope} text={missed} onPick={choose} />
      ) : null}

      <form className={styles.root} onSubmit={onAdd} aria-label="Add to stock" noValidate>
        <div className={styles.grid}>
          <Field label="Quantity" validationMessage={errors.quantity}>
            <Input
              value={quantity}
              inputMode="numeric"
              autoComplete="off"
              onChange={(_, d) => {
                setQuantity(d.value);
                clearError('quantity');
              }}
            />
          </Field>
          <Field label={`Unit cost (${currency})`} validationMessage={errors.cost} hint="What you paid for each unit.">
            <Input
              ref={costRef}
              value={cost}
              inputMode="decimal"
              autoComplete="off"
              placeholder="90.00"
              onChange={(_, d) => {
                setCost(d.value);
                clearError('cost');
              }}
            />
          </Field>
          <Field label="Location" validationMessage={errors.location}>
            {locations.isPending ? (
              <p className={styles.muted}>
                <Spinner size="tiny" aria-hidden="true" /> Loading locations…
              </p>
            ) : activeLocations.length === 0 ? (
              <p className={styles.muted}>
                No location yet: <RouterLink to="/inventory/adjustments">create one on Adjustments</RouterLink>
              </p>
            ) : (
              <Select
                className={styles.select}
                select={{ className: styles.selectInner }}
                value={locationId ?? ''}
                onChange={(_, d) => {
                  setLocationChoice(d.value);
                  clearError('location');
                }}
              >
                {activeLocations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Source" validationMessage={errors.source}>
            <Select
              className={styles.select}
              select={{ className: styles.selectInner }}
              value={sourceChoice}
              onChange={(_, d) => {
                setSourceChoice(d.value as SourceChoice);
                clearError('source');
                clearError('note');
              }}
            >
              <option value="walk-in">Walk-in seller</option>
              {vendorList.length === 0 ? null : (
                <optgroup label="Vendors">
                  {vendorList.map((vendor) => (
                    <option key={vendor.id} value={`vendor:${vendor.id}`}>
                      {vendor.name}
                    </option>
                  ))}
                </optgroup>
              )}
              <option value="other">Other (say where in the note)</option>
            </Select>
          </Field>
        </div>
        <Field
          label={sourceChoice === 'other' ? 'Note (where it came from)' : 'Note'}
          required={sourceChoice === 'other'}
          hint={sourceChoice === 'other' ? undefined : 'Optional: the seller’s name, a receipt number.'}
          validationMessage={errors.note}
        >
          <Input
            value={note}
            maxLength={400}
            onChange={(_, d) => {
              setNote(d.value);
              clearError('note');
            }}
          />
        </Field>
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            size="large"
            icon={adjust.isPending ? <Spinner size="tiny" /> : <AddRegular />}
            disabledFocusable={adjust.isPending}
          >
            Add to stock
          </Button>
          <p className={styles.muted}>Recorded as stock received, with its cost, in the stock ledger.</p>
        </div>
      </form>
    </div>
  );
}

/** A code that matched no size exactly: the products the search finds for it, each size a button. */
function PickSize({ scope, text, onPick }: { scope: BusinessScope | undefined; text: string; onPick: (info: VariantInfo) => void }) {
  const styles = useStyles();
  const search = useProductSearch(scope, text, 5);
  const shown = useLastAnswer(search.data);
  const products: Product[] = shown.data?.items ?? [];
  if (shown.data === undefined) {
    return (
      <p className={styles.muted}>
        <Spinner size="tiny" aria-hidden="true" /> Searching for “{text}”…
      </p>
    );
  }
  if (products.length === 0) {
    return (
      <p className={styles.missing}>
        Nothing in your catalog matches “{text}”. <RouterLink to="/add-product">Add the product</RouterLink> first, then scan it again.
      </p>
    );
  }
  return (
    <ul className={styles.pickList} aria-label={`Products matching ${text}`}>
      {products.map((product) => (
        <li key={product.id}>
          <span className={styles.pickTitle}>{product.title}</span>
          <span className={styles.pickSizes}>
            {variantInfos(product).map((info) => (
              <Button key={info.variantId} size="small" onClick={() => onPick(info)} aria-label={`${product.title}, size ${info.size}`}>
                {info.size}
              </Button>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}
