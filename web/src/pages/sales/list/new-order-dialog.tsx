import {
  Button,
  Checkbox,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type FormEvent, useRef, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { ProductPicker } from '../../../features/catalog/product-picker.tsx';
import { useLastAnswer } from '../../../features/catalog/use-products.ts';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import type { VariantInfo } from '../../../features/catalog/variant-info.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import {
  type AddressDraft,
  type AddressField,
  addLine,
  buildSaleBody,
  type CustomerDraft,
  emptyOrder,
  hasErrors,
  type OrderDraft,
  type OrderErrors,
  type OrderLineDraft,
  orderErrorsFromApi,
  orderTotals,
} from '../../../features/sales/order-draft.ts';
import { saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { SizeMenu } from '../../../features/sales/size-menu.tsx';
import { useCreateSale } from '../../../features/sales/use-sale-mutations.ts';
import { useCustomerSearch } from '../../../features/sales/use-sales.ts';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(1000px, calc(100vw - 24px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '20px' },
  heading: { ...typographyStyles.subtitle2, margin: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: '10px' },
  picker: { maxHeight: '300px', overflowY: 'auto', paddingInlineEnd: '4px' },
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  lines: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(180px, 1fr) 90px 120px 110px 110px auto',
    gap: '8px',
    alignItems: 'start',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 860px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  item: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, '@media (max-width: 860px)': { gridColumn: '1 / -1' } },
  itemTitle: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere' },
  itemMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  itemError: { ...typographyStyles.caption1, color: tokens.colorPaletteRedForeground1 },
  remove: { alignSelf: 'end' },
  // Grid cells shrink to their column; a Fluent input would otherwise keep its native width and overflow.
  cell: { minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '12px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  totals: { ...typographyStyles.body1Strong, margin: 0, fontVariantNumeric: 'tabular-nums' },
  address: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '12px',
    margin: 0,
    padding: '12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  legend: { ...typographyStyles.body1Strong, padding: '0 4px' },
  wide: { gridColumn: '1 / -1' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

/** The address parts in the order a label reads them. */
const addressInputs: { field: AddressField; label: string; hint?: string; required: boolean; wide?: boolean; max: number }[] = [
  { field: 'name', label: 'Name', required: true, wide: true, max: 120 },
  { field: 'line1', label: 'Address line 1', hint: 'Street and number', required: true, wide: true, max: 200 },
  { field: 'line2', label: 'Address line 2', hint: 'Apartment, suite, unit (optional)', required: false, wide: true, max: 200 },
  { field: 'city', label: 'City', required: true, max: 120 },
  { field: 'region', label: 'State or region', hint: 'Required for US, CA, AU', required: false, max: 80 },
  { field: 'postal_code', label: 'Postal code', required: true, max: 12 },
  { field: 'country', label: 'Country', hint: 'Two-letter code: US, CA, GB…', required: true, max: 2 },
  { field: 'phone', label: 'Phone', hint: 'Optional; for the carrier', required: false, wide: true, max: 40 },
];

const addressAutocomplete: Record<AddressField, string> = {
  name: 'shipping name',
  line1: 'shipping address-line1',
  line2: 'shipping address-line2',
  city: 'shipping address-level2',
  region: 'shipping address-level1',
  postal_code: 'shipping postal-code',
  country: 'shipping country',
  phone: 'shipping tel',
};

type NewOrderDialogProps = { scope: BusinessScope | undefined; onClose: () => void; onCreated: (sale: Sale) => void };

/**
 * A manual order (phone, DM, a friend): items found by search or scan, prices defaulting to the size's
 * price. The pick rules choose the location; a shortfall comes back beside the line that caused it.
 */
export function NewOrderDialog({ scope, onClose, onCreated }: NewOrderDialogProps) {
  const styles = useStyles();
  const toast = useAppToast();
  const currency = scope?.currency ?? 'USD';
  const create = useCreateSale(scope);
  const feedback = useScanFeedback();
  const findByCode = useVariantByCode(scope);
  const [draft, setDraft] = useState<OrderDraft>(emptyOrder);
  const [errors, setErrors] = useState<OrderErrors>({ lines: {} });
  const nextKey = useRef(1);

  const add = (choice: VariantInfo) => {
    setDraft((prev) => ({ ...prev, lines: addLine(prev.lines, choice, currency, `line-${nextKey.current++}`) }));
    setErrors((prev) => ({ ...prev, general: undefined }));
  };

  const onScan = async (code: string) => {
    const choice = await findByCode(code).catch(() => null);
    if (choice === null) {
      feedback.error(`No item has the barcode or SKU ${code}. Search for it by name instead.`);
      return;
    }
    add(choice);
    feedback.success(`Added ${choice.title}, size ${choice.size}`);
  };
  useScanHandler((code) => void onScan(code));

  const updateLine = (key: string, change: Partial<OrderLineDraft>) => {
    setDraft((prev) => ({ ...prev, lines: prev.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) }));
    setErrors((prev) => ({ ...prev, lines: { ...prev.lines, [key]: {} } }));
  };
  const removeLine = (key: string) => setDraft((prev) => ({ ...prev, lines: prev.lines.filter((line) => line.key !== key) }));
  const setAddress = (change: Partial<AddressDraft>) => {
    setDraft((prev) => ({ ...prev, address: { ...prev.address, ...change } }));
    setErrors((prev) => ({ ...prev, address: undefined }));
  };
  const setCustomer = (customer: CustomerDraft) => {
    setDraft((prev) => ({ ...prev, customer }));
    setErrors((prev) => ({ ...prev, customer: undefined, customerName: undefined, customerEmail: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A new key per submit: a retried request (network) stays one sale, a deliberate second submit is a new one.
    const { body, errors: local } = buildSaleBody(draft, currency, crypto.randomUUID());
    setErrors(local);
    if (hasErrors(local)) return;
    const keys = draft.lines.map((line) => line.key);
    create.mutate(body, {
      onSuccess: (sale) => {
        toast({ intent: 'success', title: `Order ${saleNumberLabel(sale.number)} created`, body: `${sale.totals.units} units to pick.` });
        onCreated(sale);
      },
      onError: (error) => {
        const result = fieldErrors(error, () => true, 'The order could not be created.');
        setErrors(orderErrorsFromApi(result.fields, keys, result.general));
      },
    });
  };

  const totals = orderTotals(draft, currency);
  const money = (cents: number) => formatMoney(cents, currency);

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate aria-label="New order">
          <DialogBody>
            <DialogTitle>New order</DialogTitle>
            <DialogContent className={styles.content}>
              <section className={styles.section} aria-labelledby="order-find">
                <h3 id="order-find" className={styles.heading}>
                  Find items
                </h3>
                <div className={styles.tools}>
                  <CameraScanButton continuous onScan={(code) => void onScan(code)} />
                  <span className={styles.muted}>A hardware scanner adds the scanned size anywhere in this window.</span>
                </div>
                <ScanFeedbackBar feedback={feedback.feedback} flashing={feedback.flashing} />
                <div className={styles.picker}>
                  <ProductPicker
                    scope={scope}
                    pickSingleOnEnter={false}
                    label="Search products"
                    hint="Title, style code or SKU. Choose the size to add it."
                    renderAction={(product) => (
                      <SizeMenu product={product} currency={currency} label="Add size" requireStock onChoose={add} />
                    )}
                  />
                </div>
              </section>

              <section className={styles.section} aria-labelledby="order-items">
                <h3 id="order-items" className={styles.heading}>
                  Items on the order ({totals.units} {totals.units === 1 ? 'unit' : 'units'})
                </h3>
                {draft.lines.length === 0 ? (
                  <p className={styles.muted}>No items yet. Search above and choose a size, or scan a barcode.</p>
                ) : (
                  <ul className={styles.lines}>
                    {draft.lines.map((line) => {
                      const lineErrors = errors.lines[line.key] ?? {};
                      const name = `${line.choice.title} size ${line.choice.size}`;
                      return (
                        <li key={line.key} className={styles.line} aria-label={name}>
                          <div className={styles.item}>
                            <span className={styles.itemTitle}>{line.choice.title}</span>
                            <span className={styles.itemMeta}>
                              Size {line.choice.size} · {line.choice.sku} · {line.choice.available} available
                            </span>
                            {lineErrors.item === undefined ? null : (
                              <span className={styles.itemError} role="alert">
                                {lineErrors.item}
                              </span>
                            )}
                          </div>
                          <Field className={styles.cell} label="Quantity" validationMessage={lineErrors.quantity}>
                            <Input
                              className={styles.input}
                              type="number"
                              min={1}
                              value={line.quantity}
                              aria-label={`Quantity for ${name}`}
                              onChange={(_, d) => updateLine(line.key, { quantity: d.value })}
                            />
                          </Field>
                          <Field className={styles.cell} label="Price each" validationMessage={lineErrors.price}>
                            <Input
                              className={styles.input}
                              inputMode="decimal"
                              value={line.price}
                              aria-label={`Price for ${name}`}
                              onChange={(_, d) => updateLine(line.key, { price: d.value })}
                            />
                          </Field>
                          <Field className={styles.cell} label="Fees" validationMessage={lineErrors.fees}>
                            <Input
                              className={styles.input}
                              inputMode="decimal"
                              value={line.fees}
                              aria-label={`Fees for ${name}`}
                              onChange={(_, d) => updateLine(line.key, { fees: d.value })}
                            />
                          </Field>
                          <Field className={styles.cell} label="Tax" validationMessage={lineErrors.tax}>
                            <Input
                              className={styles.input}
                              inputMode="decimal"
                              value={line.tax}
                              aria-label={`Tax for ${name}`}
                              onChange={(_, d) => updateLine(line.key, { tax: d.value })}
                            />
                          </Field>
                          <Button
                            className={styles.remove}
                            appearance="subtle"
                            icon={<DeleteRegular />}
                            aria-label={`Remove ${name}`}
                            onClick={() => removeLine(line.key)}
                          />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>

              <section className={styles.section} aria-labelledby="order-customer">
                <h3 id="order-customer" className={styles.heading}>
                  Customer and shipping
                </h3>
                <RadioGroup
                  layout="horizontal"
                  aria-label="Customer"
                  value={draft.customer.mode}
                  onChange={(_, d) =>
                    setCustomer(
                      d.value === 'existing'
                        ? { mode: 'existing', id: null, label: '' }
                        : d.value === 'new'
                          ? { mode: 'new', name: '', email: '' }
                          : { mode: 'none' },
                    )
                  }
                >
                  <Radio value="none" label="No customer" />
                  <Radio value="existing" label="Existing customer" />
                  <Radio value="new" label="New customer" />
                </RadioGroup>
                {draft.customer.mode === 'existing' ? (
                  <CustomerSearch
                    scope={scope}
                    error={errors.customer}
                    onChoose={(id, label) => setCustomer({ mode: 'existing', id, label })}
                    onClear={() => setCustomer({ mode: 'existing', id: null, label: '' })}
                  />
                ) : null}
                {draft.customer.mode === 'new' ? (
                  <div className={styles.grid}>
                    <Field label="Customer name" required validationMessage={errors.customerName}>
                      <Input
                        value={draft.customer.name}
                        onChange={(_, d) => (draft.customer.mode === 'new' ? setCustomer({ ...draft.customer, name: d.value }) : undefined)}
                        maxLength={120}
                      />
                    </Field>
                    <Field
                      label="Customer e-mail"
                      hint="Optional; an existing customer with this e-mail is reused."
                      validationMessage={errors.customerEmail}
                    >
                      <Input
                        type="email"
                        value={draft.customer.email}
                        onChange={(_, d) =>
                          draft.customer.mode === 'new' ? setCustomer({ ...draft.customer, email: d.value }) : undefined
                        }
                        maxLength={254}
                      />
                    </Field>
                  </div>
                ) : null}
                <div className={styles.grid}>
                  <Field label="Shipping charged" hint="What the customer pays for shipping." validationMessage={errors.shipping}>
                    <Input
                      inputMode="decimal"
                      value={draft.shipping}
                      onChange={(_, d) => {
                        setDraft((prev) => ({ ...prev, shipping: d.value }));
                        setErrors((prev) => ({ ...prev, shipping: undefined }));
                      }}
                    />
                  </Field>
                  <Field label="Note" hint="Optional; shown on the sale.">
                    <Textarea
                      value={draft.note}
                      resize="vertical"
                      rows={1}
                      onChange={(_, d) => setDraft((prev) => ({ ...prev, note: d.value }))}
                      maxLength={2000}
                    />
                  </Field>
                </div>
                <Checkbox
                  label="Ship to an address"
                  checked={draft.address.ship}
                  onChange={(_, d) => setAddress({ ship: d.checked === true })}
                />
                {draft.address.ship ? (
                  <fieldset className={styles.address}>
                    <legend className={styles.legend}>Shipping address</legend>
                    {addressInputs.map(({ field, label, hint, required, wide, max }) => (
                      <Field
                        key={field}
                        className={wide ? styles.wide : undefined}
                        label={label}
                        hint={hint}
                        required={required}
                        validationMessage={errors.address?.[field]}
                      >
                        <Input
                          value={draft.address[field]}
                          maxLength={max}
                          autoComplete={addressAutocomplete[field]}
                          onChange={(_, d) => setAddress({ [field]: d.value })}
                        />
                      </Field>
                    ))}
                  </fieldset>
                ) : (
                  <p className={styles.muted}>No shipping address: the customer picks it up.</p>
                )}
              </section>

              <p className={styles.totals} aria-live="polite">
                Subtotal {money(totals.subtotal)} · Shipping {money(totals.shipping)} · Tax {money(totals.tax)} · Total{' '}
                {money(totals.total)}
                {totals.fees > 0 ? ` · Fees ${money(totals.fees)}` : ''}
              </p>
              <FormErrorAlert message={errors.general} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                Discard
              </Button>
              <Button
                type="submit"
                appearance="primary"
                icon={create.isPending ? <Spinner size="tiny" /> : undefined}
                disabledFocusable={create.isPending}
              >
                Create order
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** An existing customer, found by name or e-mail as you type. */
function CustomerSearch({
  scope,
  error,
  onChoose,
  onClear,
}: {
  scope: BusinessScope | undefined;
  error: string | undefined;
  onChoose: (id: string, label: string) => void;
  /** Typing again drops the choice until a customer is chosen from the list. */
  onClear: () => void;
}) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200);
  const customers = useCustomerSearch(scope, q);
  // The last answer stays in the list while the next one loads, so typing never empties it.
  const items = useLastAnswer(customers.data).data?.items ?? [];
  return (
    <Field label="Customer" required hint="Type a name or e-mail, then choose." validationMessage={error}>
      <Combobox
        freeform
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onClear();
        }}
        onOptionSelect={(_, data) => {
          const chosen = items.find((customer) => customer.id === data.optionValue);
          if (chosen === undefined) return;
          setText(data.optionText ?? chosen.name);
          onChoose(chosen.id, chosen.name);
        }}
      >
        {items.length === 0 ? (
          <Option disabled value="" text="">
            {customers.isFetching ? 'Searching…' : 'No customer matches. Choose New customer instead.'}
          </Option>
        ) : (
          items.map((customer) => (
            <Option key={customer.id} value={customer.id} text={customer.name}>
              {customer.email ? `${customer.name} · ${customer.email}` : customer.name}
            </Option>
          ))
        )}
      </Combobox>
    </Field>
  );
}
