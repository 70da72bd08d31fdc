import { Button, Field, Input, makeStyles, Select, Spinner, Textarea, tokens, typographyStyles } from '@fluentui/react-components';
import { BoxRegular, BuildingRegular, DismissRegular, VehicleTruckProfileRegular } from '@fluentui/react-icons';
import type { CreatePurchaseOrderBody } from '@tradepost/shared/schemas/purchasing.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { LandedCostsFields } from '../../../features/purchasing/landed-costs-fields.tsx';
import {
  type DraftLine,
  emptyLandedCosts,
  type LandedCostsDraft,
  readDraft,
  readPrefill,
} from '../../../features/purchasing/purchase-order-draft.ts';
import { PurchaseOrderLinesEditor } from '../../../features/purchasing/purchase-order-lines-editor.tsx';
import { useCreatePurchaseOrder, usePurchaseOrderTransition } from '../../../features/purchasing/use-purchase-orders.ts';
import { VendorPicker } from '../../../features/purchasing/vendor-picker.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '24px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    alignItems: 'start',
    gap: '12px 16px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  submitRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

const KNOWN = (path: string) =>
  ['vendor_id', 'location_id', 'expected_on', 'note', 'lines'].includes(path) ||
  path.startsWith('lines.') ||
  path.startsWith('landed_costs.');

/**
 * purchase-orders/create: vendor, where it is received, when it is expected, the sizes with quantity
 * and unit cost, and the landed costs with each line's landed unit cost shown as it is typed.
 * `?vendor=<id>&lines=<json>` prefills it (purchase-order-draft.ts, readPrefill).
 */
export function PurchaseOrderCreatePage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [prefill] = useState(() => readPrefill(params, currency));
  const locations = useLocations(scope);
  const create = useCreatePurchaseOrder(scope);
  const transition = usePurchaseOrderTransition(scope);

  const [vendorId, setVendorId] = useState<string | null>(prefill.vendorId);
  const [locationChoice, setLocation] = useState<string | null>(null);
  const active = (locations.data ?? []).filter((location) => !location.archived);
  const locationId = locationChoice ?? active.find((l) => l.is_default)?.id ?? active[0]?.id ?? '';
  const [expected, setExpected] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(prefill.lines);
  const [costs, setCosts] = useState<LandedCostsDraft>(emptyLandedCosts);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<'draft' | 'order' | null>(null);

  const server = create.isError ? fieldErrors(create.error, KNOWN, 'The purchase order was not created.') : undefined;
  const errors: Record<string, string> = { ...(server?.fields ?? {}), ...local };
  const general =
    server?.general ?? (transition.isError ? 'The order was saved as a draft but could not be marked as ordered.' : undefined);

  const save = async (then: 'draft' | 'order') => {
    const fields: Record<string, string> = {};
    if (vendorId === null) fields.vendor_id = 'Choose a vendor';
    if (locationId === '') fields.location_id = 'Choose where the goods are received';
    if (lines.length === 0) fields.lines = 'Add at least one line';
    const read = readDraft(lines, costs, currency);
    if (!read.ok) Object.assign(fields, read.fields);
    setLocal(fields);
    if (Object.keys(fields).length > 0 || !read.ok || vendorId === null) return;
    create.reset();
    transition.reset();
    const body: CreatePurchaseOrderBody = {
      vendor_id: vendorId,
      location_id: locationId,
      ...(expected === '' ? {} : { expected_on: expected }),
      ...(note.trim() === '' ? {} : { note: note.trim() }),
      landed_costs: read.landed_costs,
      lines: read.lines,
    };
    setSaving(then);
    try {
      const order = await create.mutateAsync(body);
      if (then === 'order') await transition.mutateAsync({ purchaseOrderId: order.id, to: 'order' }).catch(() => undefined);
      navigate(`/purchase-orders/${encodeURIComponent(order.id)}`);
    } catch {
      // The messages are shown beside the fields.
    } finally {
      setSaving(null);
    }
  };

  return (
    <AppPage
      wide
      title="New purchase order"
      description="Choose the vendor and the sizes you are buying. Shipping, duties and fees are spread over the lines, so each unit gets its landed cost."
      actions={
        <ButtonLink to="/purchase-orders" icon={<DismissRegular />}>
          Back to purchase orders
        </ButtonLink>
      }
    >
      <form
        className={styles.form}
        noValidate
        aria-label="New purchase order"
        onSubmit={(event) => {
          event.preventDefault();
          void save('draft');
        }}
      >
        <PageSection id="po-vendor" title="Vendor and delivery" icon={<BuildingRegular />}>
          <div className={styles.grid}>
            <div className={styles.wide}>
              <VendorPicker
                scope={scope}
                vendorId={vendorId}
                validationMessage={errors.vendor_id}
                onChange={(id) => {
                  setVendorId(id);
                  setLocal(({ vendor_id: _, ...rest }) => rest);
                }}
              />
            </div>
            <Field label="Receive into" required validationMessage={errors.location_id}>
              {locations.isPending ? (
                <Spinner size="tiny" label="Loading locations…" />
              ) : (
                <Select value={locationId} onChange={(_, d) => setLocation(d.value)}>
                  {active.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Expected on" hint="The day the vendor says it arrives." validationMessage={errors.expected_on}>
              <Input type="date" value={expected} onChange={(_, d) => setExpected(d.value)} />
            </Field>
            <Field className={styles.wide} label="Note" validationMessage={errors.note}>
              <Textarea value={note} resize="vertical" maxLength={2000} onChange={(_, d) => setNote(d.value)} />
            </Field>
          </div>
        </PageSection>

        <PageSection
          id="po-lines"
          title="Lines"
          icon={<BoxRegular />}
          description="One line per size: how many, and what the vendor charges for one."
        >
          <PurchaseOrderLinesEditor
            scope={scope}
            currency={currency}
            lines={lines}
            costs={costs}
            errors={errors}
            onLines={(next) => {
              setLines(next);
              setLocal({});
            }}
            // A new order hands its picked sizes over in the address, so the picker starts it only while it has none.
            catalogHref={lines.length === 0 ? '/purchase-orders/select-variants' : undefined}
          />
        </PageSection>

        <PageSection
          id="po-landed"
          title="Landed costs"
          icon={<VehicleTruckProfileRegular />}
          description="What it costs to get the goods to you. It is added to the lines' unit costs, so the stock's cost is what you really paid."
        >
          <LandedCostsFields value={costs} errors={errors} currency={currency} onChange={setCosts} />
        </PageSection>

        <FormErrorAlert message={general} />
        <div className={styles.submitRow}>
          <Button type="submit" disabledFocusable={saving !== null} icon={saving === 'draft' ? <Spinner size="tiny" /> : undefined}>
            Save draft
          </Button>
          <Button
            appearance="primary"
            disabledFocusable={saving !== null}
            icon={saving === 'order' ? <Spinner size="tiny" /> : undefined}
            onClick={() => void save('order')}
          >
            Save and mark ordered
          </Button>
          <p className={styles.text}>A draft can still be changed; an ordered one waits for its goods to be received.</p>
        </div>
      </form>
    </AppPage>
  );
}
