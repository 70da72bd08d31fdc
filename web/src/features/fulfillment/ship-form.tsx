import { Button, Field, Input, makeStyles, Select, Spinner } from '@fluentui/react-components';
import { VehicleTruckProfileRegular } from '@fluentui/react-icons';
import type { Fulfillment } from '@tradepost/shared/schemas/sales.ts';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import { scanFieldProps } from '../scanner/scan-listener.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { commonCarriers, OTHER_CARRIER } from './fulfillment-model.ts';
import { useShipFulfillment } from './use-fulfillments.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 200px) minmax(0, 1fr)',
    gap: '12px',
    alignItems: 'start',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

// The carrier of the last parcel: a packer ships a run of parcels with the same one.
let lastCarrier: string = commonCarriers[0];

type ShipFormProps = {
  scope: BusinessScope | undefined;
  fulfillment: Fulfillment;
  onShipped: (fulfillment: Fulfillment) => void;
  submitLabel?: string;
  size?: 'medium' | 'large';
  autoFocus?: boolean;
};

/** Carrier and tracking number, then the parcel leaves: stock goes down and the sale's cost becomes final. */
export function ShipForm({ scope, fulfillment, onShipped, submitLabel = 'Mark shipped', size = 'medium', autoFocus }: ShipFormProps) {
  const styles = useStyles();
  const ship = useShipFulfillment(scope);
  const known = (commonCarriers as readonly string[]).includes(lastCarrier);
  const [carrier, setCarrier] = useState(known ? lastCarrier : OTHER_CARRIER);
  const [otherCarrier, setOtherCarrier] = useState(known ? '' : lastCarrier);
  const [tracking, setTracking] = useState('');
  const errors =
    ship.error === null
      ? { fields: {}, general: undefined }
      : apiFormErrors(ship.error, ['carrier', 'tracking_number'], 'The parcel could not be marked shipped.');
  const [localError, setLocalError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = carrier === OTHER_CARRIER ? otherCarrier.trim() : carrier;
    if (name === '') {
      setLocalError('Enter the carrier’s name');
      return;
    }
    setLocalError(null);
    ship.mutate(
      { id: fulfillment.id, carrier: name, tracking_number: tracking.trim() },
      {
        onSuccess: (shipped) => {
          lastCarrier = name;
          setTracking('');
          onShipped(shipped);
        },
      },
    );
  };

  const carrierError = localError ?? errors.fields.carrier;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`Ship order #${fulfillment.sale_number}`}>
      <div className={styles.row}>
        <Field label="Carrier" size={size} validationMessage={carrier === OTHER_CARRIER ? undefined : carrierError}>
          <Select size={size} value={carrier} onChange={(_, d) => setCarrier(d.value)}>
            {commonCarriers.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={OTHER_CARRIER}>Other…</option>
          </Select>
        </Field>
        {carrier === OTHER_CARRIER ? (
          <Field label="Carrier name" size={size} required validationMessage={carrierError}>
            <Input size={size} value={otherCarrier} onChange={(_, d) => setOtherCarrier(d.value)} maxLength={40} />
          </Field>
        ) : null}
        <Field
          label="Tracking number"
          size={size}
          required
          hint="Scan the label or type it."
          validationMessage={errors.fields.tracking_number}
        >
          <Input
            {...scanFieldProps}
            size={size}
            value={tracking}
            autoFocus={autoFocus}
            onChange={(_, d) => setTracking(d.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
          />
        </Field>
      </div>
      <FormErrorAlert message={errors.general} />
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          size={size}
          icon={ship.isPending ? <Spinner size="tiny" /> : <VehicleTruckProfileRegular />}
          disabledFocusable={ship.isPending}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
