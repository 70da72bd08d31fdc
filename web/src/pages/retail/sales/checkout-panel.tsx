import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Select,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { DismissRegular, ReceiptRegular } from '@fluentui/react-icons';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import type { Customer } from '@tradepost/shared/schemas/sales.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import type { CheckoutPlan, DiscountKind } from '../../../features/retail/cart-model.ts';
import { currencySymbol } from '../../../features/retail/currency-symbol.ts';
import type { PaymentDraft, PaymentErrors } from '../../../features/sales/payment-model.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { CheckoutCustomer } from './checkout-customer.tsx';
import { PaymentPicker } from './payment-picker.tsx';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  pair: { display: 'grid', gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr)', gap: '12px' },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  fill: { width: '100%', minWidth: 0 },
  discount: { display: 'flex', gap: '6px', minWidth: 0 },
  discountKind: { width: '72px', minWidth: 0, flexShrink: 0 },
  grow: { flexGrow: 1, minWidth: 0, width: '100%' },
  totals: { display: 'grid', gridTemplateColumns: '1fr auto', rowGap: '4px', margin: 0, fontVariantNumeric: 'tabular-nums' },
  term: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2 },
  value: { ...typographyStyles.body1, margin: 0, paddingInlineStart: '12px', textAlign: 'end' },
  grandTerm: { ...typographyStyles.subtitle1, paddingTop: '8px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  grandValue: {
    ...typographyStyles.title2,
    margin: 0,
    textAlign: 'end',
    paddingInlineStart: '12px',
    paddingTop: '8px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  charge: { width: '100%', minHeight: '52px', ...typographyStyles.subtitle1 },
  actions: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

type CheckoutPanelProps = {
  scope: BusinessScope | undefined;
  plan: CheckoutPlan | null;
  hasLines: boolean;
  customer: Customer | null;
  onCustomer: (customer: Customer | null) => void;
  locations: Location[];
  locationsLoading: boolean;
  locationId: string | null;
  onLocation: (id: string) => void;
  taxRateText: string;
  onTaxRate: (text: string) => void;
  discountKind: DiscountKind;
  onDiscountKind: (kind: DiscountKind) => void;
  discountText: string;
  onDiscount: (text: string) => void;
  errors: { discount?: string | undefined; taxRate?: string | undefined; customer?: string | undefined; location?: string | undefined };
  payment: PaymentDraft;
  onPayment: (draft: PaymentDraft) => void;
  paymentErrors: PaymentErrors;
  general: string | null;
  charging: boolean;
  onCharge: () => void;
  onClear: () => void;
};

/** Who, where from, discount and tax, the totals, and the Charge button. */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const styles = useStyles();
  const { scope, plan, errors } = props;
  const currency = scope?.currency ?? 'USD';
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents, currency));

  return (
    <div className={styles.panel}>
      <CheckoutCustomer scope={scope} customer={props.customer} onChange={props.onCustomer} error={errors.customer} />
      <Field className={styles.field} label="Sell from" validationMessage={errors.location}>
        {props.locationsLoading ? (
          <Spinner size="tiny" label="Loading locations…" />
        ) : props.locations.length === 0 ? (
          <span>You have no location yet: add stock first, it creates one.</span>
        ) : (
          <Select className={styles.fill} value={props.locationId ?? ''} onChange={(_, d) => props.onLocation(d.value)}>
            {props.locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
                {location.kind === 'store' ? ' (store)' : location.is_default ? ' (default)' : ''}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className={styles.pair}>
        <Field className={styles.field} label="Discount" validationMessage={errors.discount}>
          <div className={styles.discount}>
            <Select
              className={styles.discountKind}
              aria-label="Discount as"
              value={props.discountKind}
              onChange={(_, d) => props.onDiscountKind(d.value === 'amount' ? 'amount' : 'percent')}
            >
              <option value="percent">%</option>
              <option value="amount">{currencySymbol(currency)}</option>
            </Select>
            <Input
              className={styles.grow}
              aria-label={props.discountKind === 'percent' ? 'Discount percent' : `Discount amount (${currency})`}
              inputMode="decimal"
              value={props.discountText}
              onChange={(_, d) => props.onDiscount(d.value)}
            />
          </div>
        </Field>
        <Field className={styles.field} label="Tax rate (%)" validationMessage={errors.taxRate}>
          <Input
            className={styles.fill}
            inputMode="decimal"
            title="Remembered on this device"
            value={props.taxRateText}
            onChange={(_, d) => props.onTaxRate(d.value)}
          />
        </Field>
      </div>
      <dl className={styles.totals} aria-label="Totals">
        <dt className={styles.term}>Subtotal</dt>
        <dd className={styles.value}>{money(plan?.subtotalCents)}</dd>
        {plan !== null && plan.discountCents > 0 ? (
          <>
            <dt className={styles.term}>Discount</dt>
            <dd className={styles.value}>−{money(plan.discountCents)}</dd>
          </>
        ) : null}
        <dt className={styles.term}>Tax</dt>
        <dd className={styles.value}>{money(plan?.taxCents)}</dd>
        <dt className={styles.grandTerm}>Total</dt>
        <dd className={styles.grandValue} aria-live="polite">
          {money(plan?.totalCents)}
        </dd>
      </dl>
      <PaymentPicker
        draft={props.payment}
        onChange={props.onPayment}
        totalCents={plan === null || !props.hasLines ? null : plan.totalCents}
        currency={currency}
        errors={props.paymentErrors}
        customer={props.customer}
      />
      {props.general === null ? null : (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{props.general}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          className={styles.charge}
          appearance="primary"
          size="large"
          icon={props.charging ? <Spinner size="tiny" appearance="inverted" /> : <ReceiptRegular />}
          disabledFocusable={props.charging}
          aria-keyshortcuts="Control+Enter"
          onClick={props.onCharge}
        >
          {props.charging ? 'Charging…' : plan !== null && props.hasLines ? `Charge ${money(plan.totalCents)}` : 'Charge'}
        </Button>
        {props.hasLines ? (
          <Button appearance="subtle" icon={<DismissRegular />} onClick={props.onClear} disabled={props.charging}>
            Clear the cart
          </Button>
        ) : null}
      </div>
    </div>
  );
}
