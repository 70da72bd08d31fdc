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
import type { Listing } from '@tradepost/shared/schemas/listings.ts';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { moneyInputText, parseMoney } from '../../../features/catalog/money.ts';
import type { BusinessScope } from '../../../features/catalog/use-business-id.ts';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useUpdateListing } from '../../../features/sync/use-listings.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '14px' },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type OverrideField = 'price_override_cents' | 'quantity_cap' | 'quantity_buffer';
const fields: readonly OverrideField[] = ['price_override_cents', 'quantity_cap', 'quantity_buffer'];

const countText = (value: number | null) => (value === null ? '' : String(value));

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
  onClose: () => void;
};

/** A listing's own price, cap and buffer; blank fields fall back to the channel's rules. */
export function ListingOverridesDialog({ scope, listing, productTitle, channelBuffer, onClose }: Props) {
  const open = listing !== null;
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()} modalType="modal">
      <DialogSurface>
        {listing === null ? null : (
          <OverridesForm scope={scope} listing={listing} productTitle={productTitle} channelBuffer={channelBuffer} onClose={onClose} />
        )}
      </DialogSurface>
    </Dialog>
  );
}

function OverridesForm({ scope, listing, productTitle, channelBuffer, onClose }: Props & { listing: Listing }) {
  const styles = useStyles();
  const toast = useAppToast();
  const update = useUpdateListing(scope);
  const currency = scope?.currency ?? 'USD';
  const [price, setPrice] = useState(listing.price_override_cents === null ? '' : moneyInputText(listing.price_override_cents, currency));
  const [cap, setCap] = useState(countText(listing.quantity_cap));
  const [buffer, setBuffer] = useState(countText(listing.quantity_buffer));
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
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setGeneral(undefined);
    update.mutate(
      {
        listingId: listing.id,
        body: { price_override_cents: priceCents ?? null, quantity_cap: capValue, quantity_buffer: bufferValue },
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
          const result = apiFormErrors(error, fields, 'The change was not saved.');
          setErrors(result.fields);
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
            hint="Every size sells at this price. Blank: the channel’s price rule (or each size’s own price)."
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
