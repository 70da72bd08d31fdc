import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { Listing, ListingVariant, UpdateListingBody } from '@tradepost/shared/schemas/listings.ts';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { formatMoney, moneyInputText, parseMoney } from '../../../features/catalog/money.ts';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { useUpdateListing } from '../../../features/sync/use-listings.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '14px' },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  sizes: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, border: 'none', minWidth: 0 },
  legend: { ...typographyStyles.subtitle2, padding: 0, marginBottom: '2px' },
  sizeGrid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '12px' },
  sizeSource: { color: tokens.colorNeutralForeground3 },
  ownSource: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

type OverrideField = 'price_override_cents' | 'quantity_cap' | 'quantity_buffer';
const fields: readonly OverrideField[] = ['price_override_cents', 'quantity_cap', 'quantity_buffer'];
/** Placed by size below; listed so they are not repeated in the general message. */
const formFields = [...fields, 'size_prices'] as const;
type SizePrices = NonNullable<UpdateListingBody['size_prices']>;

/** A listed size as the dialog shows it: its label from the product. */
export type DialogSize = { id: string; size: string };

const countText = (value: number | null) => (value === null ? '' : String(value));

/** Where a size's price comes from, in the words the owner knows. */
export function priceSourceText(variant: ListingVariant, currency: string): string {
  const amount = variant.price_cents === null ? '' : formatMoney(variant.price_cents, currency);
  switch (variant.price_source) {
    case 'size':
      return `Size price ${amount}`;
    case 'listing':
      return `Listing price · ${amount}`;
    case 'rule':
      return `Price rule · ${amount}`;
    case 'product':
      return `Product price · ${amount}`;
    default:
      return 'No price yet';
  }
}

/** The listed sizes in the product's size order (9, 9.5, 10), not by SKU. */
function listedInSizeOrder(listing: Listing, sizes: DialogSize[]): ListingVariant[] {
  const position = (variant: ListingVariant) => {
    const at = sizes.findIndex((s) => s.id === variant.variant_id);
    return at === -1 ? sizes.length : at;
  };
  return [...listing.variants].sort((a, b) => position(a) - position(b));
}

/** The size prices that change something, each size's input read as money (blank: cleared). */
function changedSizePrices(listing: Listing, inputs: Record<string, string>, currency: string) {
  const entries: SizePrices = [];
  const errors: Record<string, string> = {};
  for (const variant of listing.variants) {
    const parsed = parseMoney(inputs[variant.variant_id] ?? '', currency);
    if (parsed === null) {
      errors[variant.variant_id] = 'Enter an amount such as 199.00, or leave it blank';
      continue;
    }
    const cents = parsed ?? null;
    if (cents !== variant.price_override_cents) entries.push({ variant_id: variant.variant_id, price_cents: cents });
  }
  return { entries, errors };
}

/** The server's `size_prices.N.…` messages, by the size sent at N. */
function sizeErrorsFrom(error: unknown, sent: SizePrices): Record<string, string> {
  const byVariant: Record<string, string> = {};
  for (const detail of toApiError(error)?.details ?? []) {
    const index = /^size_prices\.(\d+)\./.exec(detail.field)?.[1];
    const variantId = index === undefined ? undefined : sent[Number(index)]?.variant_id;
    if (variantId) byVariant[variantId] = byVariant[variantId] ? `${byVariant[variantId]}, ${detail.message}` : detail.message;
  }
  return byVariant;
}

/** Blank → null (back to the channel's); a whole number → itself; anything else → NaN (refused here). */
function readCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

type Props = {
  scope: BusinessScope | undefined;
  listing: Listing | null;
  productTitle: string;
  channelBuffer: number;
  /** The product's sizes, to name the listed ones. */
  sizes: DialogSize[];
  onClose: () => void;
};

/** A listing's own price, cap and buffer, and each size's own price; blank fields fall back to the channel's rules. */
export function ListingOverridesDialog({ scope, listing, productTitle, channelBuffer, sizes, onClose }: Props) {
  const open = listing !== null;
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()} modalType="modal">
      <DialogSurface>
        {listing === null ? null : (
          <OverridesForm
            scope={scope}
            listing={listing}
            productTitle={productTitle}
            channelBuffer={channelBuffer}
            sizes={sizes}
            onClose={onClose}
          />
        )}
      </DialogSurface>
    </Dialog>
  );
}

function OverridesForm({ scope, listing, productTitle, channelBuffer, sizes, onClose }: Props & { listing: Listing }) {
  const styles = useStyles();
  const toast = useAppToast();
  const update = useUpdateListing(scope);
  const currency = scope?.currency ?? 'USD';
  const [price, setPrice] = useState(listing.price_override_cents === null ? '' : moneyInputText(listing.price_override_cents, currency));
  const [cap, setCap] = useState(countText(listing.quantity_cap));
  const [buffer, setBuffer] = useState(countText(listing.quantity_buffer));
  const [sizePrices, setSizePrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      listing.variants.map((v) => [v.variant_id, v.price_override_cents === null ? '' : moneyInputText(v.price_override_cents, currency)]),
    ),
  );
  const [sizeErrors, setSizeErrors] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Partial<Record<OverrideField, string>>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const platform = platformLabels[listing.platform];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const priceCents = parseMoney(price, currency);
    const next: Partial<Record<OverrideField, string>> = {};
    if (priceCents === null) next.price_override_cents = 'Enter an amount such as 129.99, or leave it blank';
    const capValue = readCount(cap);
    const bufferValue = readCount(buffer);
    if (Number.isNaN(capValue)) next.quantity_cap = 'Enter a whole number, or leave it blank for no cap';
    if (Number.isNaN(bufferValue)) next.quantity_buffer = 'Enter a whole number, or leave it blank for the channel’s buffer';
    const sized = changedSizePrices(listing, sizePrices, currency);
    setErrors(next);
    setSizeErrors(sized.errors);
    if (Object.keys(next).length > 0 || Object.keys(sized.errors).length > 0) return;
    setGeneral(undefined);
    update.mutate(
      {
        listingId: listing.id,
        body: {
          price_override_cents: priceCents ?? null,
          quantity_cap: capValue,
          quantity_buffer: bufferValue,
          ...(sized.entries.length > 0 ? { size_prices: sized.entries } : {}),
        },
      },
      {
        onSuccess: () => {
          toast({
            intent: 'success',
            title: `${platform} listing updated`,
            body: `${productTitle}: the new values are being sent to ${platform}.`,
          });
          onClose();
        },
        onError: (error) => {
          const result = apiFormErrors(error, formFields, 'The change was not saved.');
          const { size_prices: _, ...own } = result.fields;
          setErrors(own);
          setSizeErrors(sizeErrorsFrom(error, sized.entries));
          setGeneral(result.general);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogBody>
        <DialogTitle>
          {platform}: {productTitle}
        </DialogTitle>
        <DialogContent className={styles.form}>
          <FormErrorAlert message={general} />
          <Field
            label={`Price on ${platform}`}
            hint="Every size sells at this price, unless it has its own below. Blank: the channel’s price rule (or the product’s price)."
            validationMessage={errors.price_override_cents}
          >
            <Input inputMode="decimal" value={price} onChange={(_, d) => setPrice(d.value)} contentBefore={currency} />
          </Field>
          <Field
            label="Quantity cap"
            hint="Never offer more than this many of a size. Blank: no cap."
            validationMessage={errors.quantity_cap}
          >
            <Input inputMode="numeric" value={cap} onChange={(_, d) => setCap(d.value)} />
          </Field>
          <Field
            label="Quantity buffer"
            hint={`Units held back from this listing. Blank: the channel’s buffer (${channelBuffer}).`}
            validationMessage={errors.quantity_buffer}
          >
            <Input inputMode="numeric" value={buffer} onChange={(_, d) => setBuffer(d.value)} />
          </Field>
          {listing.variants.length > 0 ? (
            <fieldset className={styles.sizes}>
              <legend className={styles.legend}>Size prices</legend>
              <p className={styles.hint}>
                A size’s own price on {platform} wins over the price above and the price rule. Blank: the size follows them.
              </p>
              <div className={styles.sizeGrid}>
                {listedInSizeOrder(listing, sizes).map((variant) => {
                  const size = sizes.find((s) => s.id === variant.variant_id)?.size ?? variant.external_sku;
                  const value = sizePrices[variant.variant_id] ?? '';
                  const setValue = (text: string) => setSizePrices((current) => ({ ...current, [variant.variant_id]: text }));
                  return (
                    <Field
                      key={variant.variant_id}
                      label={`Size ${size}`}
                      hint={
                        <span className={variant.price_source === 'size' ? styles.ownSource : styles.sizeSource}>
                          {priceSourceText(variant, currency)}
                        </span>
                      }
                      validationMessage={sizeErrors[variant.variant_id]}
                    >
                      <Input
                        inputMode="decimal"
                        value={value}
                        placeholder={
                          variant.price_source === 'size' || variant.price_cents === null
                            ? undefined
                            : moneyInputText(variant.price_cents, currency)
                        }
                        onChange={(_, d) => setValue(d.value)}
                        contentBefore={currency}
                        contentAfter={
                          value === '' ? undefined : (
                            <Button
                              appearance="transparent"
                              size="small"
                              icon={<DismissRegular />}
                              aria-label={`Clear the price of size ${size}`}
                              onClick={() => setValue('')}
                            />
                          )
                        }
                      />
                    </Field>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
          <p className={styles.hint}>Quantities and prices are pushed to {platform} as soon as you save.</p>
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            appearance="primary"
            type="submit"
            disabled={update.isPending}
            icon={update.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
