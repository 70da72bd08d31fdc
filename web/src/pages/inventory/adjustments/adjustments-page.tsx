import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Select,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowSwapRegular, BoxRegular, BuildingRegular, ClipboardTaskListLtrRegular } from '@fluentui/react-icons';
import type { CreateAdjustmentBody } from '@tradepost/shared/schemas/inventory.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { parseMoney } from '../../../features/catalog/money.ts';
import { ProductPicker, productMeta } from '../../../features/catalog/product-picker.tsx';
import { useProduct } from '../../../features/catalog/use-products.ts';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import { defaultReason } from '../../../features/inventory/adjustment-reasons.ts';
import { useCreateAdjustment } from '../../../features/inventory/use-create-adjustment.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { AdjustmentLines, type LineDraft, type LineErrors, lineQuantity } from './adjustment-lines.tsx';
import { LocationSetup } from './location-setup.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '24px' },
  location: { maxWidth: '360px' },
  chosen: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px' },
  chosenTitle: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  chosenMeta: { ...typographyStyles.caption1, margin: '2px 0 0', color: tokens.colorNeutralForeground3 },
  submitRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  summary: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

/** Where the API's `lines.2.quantity` goes: the variant of line 2, quantity box; `variant:{id}` names the variant itself. */
function lineErrorsFrom(fields: Record<string, string>, variantIds: readonly string[]): Record<string, LineErrors> {
  const out: Record<string, LineErrors> = {};
  for (const [path, message] of Object.entries(fields)) {
    if (path.startsWith('variant:')) {
      const id = path.slice('variant:'.length);
      out[id] = { ...out[id], quantity: message };
      continue;
    }
    const match = /^lines\.(\d+)\.(\w+)/.exec(path);
    const id = match === null ? undefined : variantIds[Number(match[1])];
    if (match === null || id === undefined) continue;
    const key = match[2] === 'unit_cost_cents' ? 'cost' : match[2] === 'reason' ? 'reason' : 'quantity';
    out[id] = { ...out[id], [key]: message };
  }
  return out;
}

/** inventory/adjustments: stock in or out of one location, per size, with a reason; one posted adjustment. */
export function AdjustmentsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const toast = useAppToast();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');
  const product = useProduct(scope, productId);
  const locations = useLocations(scope);
  const adjust = useCreateAdjustment(scope);

  const [locationChoice, setLocationChoice] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, LineDraft>>({});
  const [note, setNote] = useState('');
  const [lineErrors, setLineErrors] = useState<Record<string, LineErrors>>({});
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);

  const activeLocations = (locations.data ?? []).filter((location) => !location.archived);
  const locationId = locationChoice ?? activeLocations.find((l) => l.is_default)?.id ?? activeLocations[0]?.id ?? null;
  const locationName = activeLocations.find((l) => l.id === locationId)?.name ?? 'the location';

  const variants = product.data?.variants ?? [];
  const lines = variants
    .map((variant) => ({ variant, draft: drafts[variant.id], quantity: lineQuantity(drafts[variant.id]) }))
    .filter((line) => (line.draft?.quantity ?? '').trim() !== '');
  const unitsIn = lines.reduce((sum, line) => sum + Math.max(line.quantity, 0), 0);
  const unitsOut = lines.reduce((sum, line) => sum + Math.max(-line.quantity, 0), 0);

  const choose = (id: string | null) => {
    setDrafts({});
    setLineErrors({});
    setFailure(null);
    setParams(id === null ? {} : { product: id }, { replace: false });
  };

  const lookup = useVariantByCode(scope);
  const scan = useScanFeedback();
  // Scans arrive faster than React renders: each one counts up from the lines as they are now.
  const draftsNow = useRef(drafts);
  draftsNow.current = drafts;

  /** A scan adds one unit of that size; a scan of another product switches to it when nothing is pending. */
  const onCode = (code: string) => {
    void lookup(code).then(
      (info) => {
        if (info === null) {
          scan.error(`No item has the barcode ${code}. Nothing was added.`);
          return;
        }
        const pending = Object.values(draftsNow.current).some((draft) => draft.quantity.trim() !== '');
        if (productId !== info.productId && pending) {
          scan.error(`${info.title} is another product. Post or clear the lines of ${product.data?.title ?? 'this product'} first.`);
          return;
        }
        const base = productId === info.productId ? draftsNow.current : {};
        const current = lineQuantity(base[info.variantId]);
        const next = (Number.isFinite(current) ? current : 0) + 1;
        const updated = {
          ...base,
          [info.variantId]: { reason: undefined, cost: '', ...base[info.variantId], quantity: String(next) },
        };
        if (productId !== info.productId) choose(info.productId);
        draftsNow.current = updated;
        setDrafts(updated);
        setLineErrors((prev) => ({ ...prev, [info.variantId]: {} }));
        scan.success(`${info.title}, ${info.size}: ${next > 0 ? '+' : ''}${next}`);
      },
      () => scan.error(`Could not look up ${code}. Check your connection and scan again.`),
    );
  };
  useScanHandler(onCode);

  const onChange = (variantId: string, change: Partial<LineDraft>) => {
    setDrafts((prev) => ({ ...prev, [variantId]: { quantity: '', reason: undefined, cost: '', ...prev[variantId], ...change } }));
    setLineErrors((prev) => ({ ...prev, [variantId]: {} }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const local: Record<string, LineErrors> = {};
    const body: CreateAdjustmentBody = { location_id: locationId ?? '', note: note.trim() === '' ? undefined : note.trim(), lines: [] };
    for (const { variant, draft, quantity } of lines) {
      if (!Number.isInteger(quantity) || quantity === 0) {
        local[variant.id] = { quantity: 'Enter a whole number other than 0, such as 3 or -1' };
        continue;
      }
      const cost = quantity > 0 ? parseMoney(draft?.cost ?? '', currency) : undefined;
      if (cost === null) {
        local[variant.id] = { cost: 'Enter an amount such as 95 or 94.50' };
        continue;
      }
      body.lines.push({ variant_id: variant.id, quantity, reason: draft?.reason ?? defaultReason(quantity), unit_cost_cents: cost });
    }
    setLineErrors(local);
    if (Object.keys(local).length > 0) return;
    if (locationId === null) {
      setFailure({ title: 'Choose a location', text: 'Stock is always held at a location.' });
      return;
    }
    if (body.lines.length === 0) {
      setFailure({ title: 'Nothing to post', text: 'Enter a quantity for at least one size.' });
      return;
    }
    const sentIds = body.lines.map((line) => line.variant_id);
    adjust.mutate(body, {
      onSuccess: (result) => {
        const units = body.lines.reduce((sum, line) => sum + line.quantity, 0);
        toast({
          intent: 'success',
          title: 'Adjustment posted',
          body: `${result.movements.length} ${result.movements.length === 1 ? 'line' : 'lines'}, ${units > 0 ? '+' : ''}${units} units at ${locationName}.`,
        });
        setDrafts({});
        setNote('');
      },
      onError: (error) => {
        const result = fieldErrors(
          error,
          (path) => path.startsWith('lines.') || path.startsWith('variant:'),
          'The adjustment could not be posted.',
        );
        setLineErrors(lineErrorsFrom(result.fields, sentIds));
        if (result.code === 'INSUFFICIENT_STOCK') {
          const short = Object.keys(result.fields)
            .filter((path) => path.startsWith('variant:'))
            .map((path) => variants.find((v) => `variant:${v.id}` === path))
            .filter((v) => v !== undefined)
            .map((v) => `size ${v.size}`);
          const where = short.length === 0 ? '' : ` for ${short.join(', ')}`;
          setFailure({
            title: 'Not enough stock',
            text: `${result.message ?? 'Not enough stock'}${where} at ${locationName}. Nothing was posted; lower the quantity and try again.`,
          });
          return;
        }
        setFailure({ title: 'The adjustment was not posted', text: result.general ?? Object.values(result.fields).join(', ') });
      },
    });
  };

  return (
    <AppPage
      title="Adjustments"
      description="Add or remove stock at a location, size by size, with a reason. Every change is kept in the stock ledger."
      actions={
        <ButtonLink to="/inventory" icon={<ClipboardTaskListLtrRegular />}>
          Inventory overview
        </ButtonLink>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Stock adjustment">
        <PageSection id="adjust-location" title="Location" icon={<BuildingRegular />}>
          {locations.isPending ? (
            <p className={styles.muted}>
              <Spinner size="tiny" aria-hidden="true" /> Loading locations…
            </p>
          ) : activeLocations.length === 0 ? (
            <>
              <p className={styles.summary}>
                You have no location yet. Create the place where this stock is kept, such as your warehouse or store.
              </p>
              <LocationSetup scope={scope} onCreated={(id) => setLocationChoice(id)} />
            </>
          ) : (
            <Field className={styles.location} label="Location">
              <Select value={locationId ?? ''} onChange={(_, d) => setLocationChoice(d.value)}>
                {activeLocations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                    {location.is_default ? ' (default)' : ''}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </PageSection>

        <PageSection
          id="adjust-product"
          title="Product"
          icon={<BoxRegular />}
          description="Scan an item to add one unit of its size; a hardware scanner works anywhere on this page."
          aside={<CameraScanButton continuous onScan={onCode} />}
        >
          <ScanFeedbackBar feedback={scan.feedback} flashing={scan.flashing} />
          {productId === null ? (
            <ProductPicker scope={scope} onPick={(picked) => choose(picked.id)} pickLabel="Adjust" />
          ) : product.isPending ? (
            <p className={styles.muted}>
              <Spinner size="tiny" aria-hidden="true" /> Loading product…
            </p>
          ) : product.data === undefined ? (
            <MessageBar intent="warning">
              <MessageBarBody>
                This product could not be found.{' '}
                <Button appearance="transparent" size="small" onClick={() => choose(null)}>
                  Search again
                </Button>
              </MessageBarBody>
            </MessageBar>
          ) : (
            <>
              <div className={styles.chosen}>
                <div>
                  <p className={styles.chosenTitle}>{product.data.title}</p>
                  <p className={styles.chosenMeta}>{productMeta(product.data) || product.data.category}</p>
                </div>
                <Button icon={<ArrowSwapRegular />} onClick={() => choose(null)}>
                  Change product
                </Button>
              </div>
              {product.data.variants.length === 0 ? (
                <p className={styles.summary}>This product has no sizes yet, so there is nothing to stock.</p>
              ) : (
                <AdjustmentLines product={product.data} drafts={drafts} errors={lineErrors} currency={currency} onChange={onChange} />
              )}
            </>
          )}
        </PageSection>

        {product.data === undefined ? null : (
          <>
            <Field label="Note" hint="Optional: why, or the document behind it.">
              <Input value={note} onChange={(_, d) => setNote(d.value)} maxLength={500} />
            </Field>
            {failure === null ? null : (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>
                  <MessageBarTitle>{failure.title}</MessageBarTitle>
                  {failure.text}
                </MessageBarBody>
              </MessageBar>
            )}
            <div className={styles.submitRow}>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={adjust.isPending}
                icon={adjust.isPending ? <Spinner size="tiny" /> : undefined}
              >
                Post adjustment
              </Button>
              <p className={styles.summary} aria-live="polite">
                {lines.length === 0
                  ? 'Enter a quantity for each size that changes.'
                  : `${lines.length} ${lines.length === 1 ? 'size' : 'sizes'}: +${unitsIn} in, −${unitsOut} out at ${locationName}`}
              </p>
            </div>
          </>
        )}
      </form>
    </AppPage>
  );
}
