import { Button, Field, Input, makeStyles, Select, Spinner } from '@fluentui/react-components';
import { locationKinds } from '@tradepost/shared/schemas/inventory.ts';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { useCreateLocation } from '../../../features/inventory/use-locations.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

type Kind = (typeof locationKinds)[number];

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 180px auto',
    gap: '12px',
    alignItems: 'end',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

const kindLabels: Record<Kind, string> = { warehouse: 'Warehouse', store: 'Store', virtual: 'Virtual' };

/** A business needs one location before it can hold stock: create it right here. */
export function LocationSetup({ scope, onCreated }: { scope: BusinessScope | undefined; onCreated: (id: string) => void }) {
  const styles = useStyles();
  const create = useCreateLocation(scope);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('warehouse');
  const errors = create.isError
    ? fieldErrors(create.error, (path) => path === 'name' || path === 'kind', 'The location could not be created.')
    : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), kind }, { onSuccess: (location) => onCreated(location.id) });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="New location">
      <Field label="Location name" validationMessage={errors?.fields.name ?? errors?.general}>
        <Input value={name} onChange={(_, d) => setName(d.value)} />
      </Field>
      <Field label="Kind" validationMessage={errors?.fields.kind}>
        <Select value={kind} onChange={(_, d) => setKind(d.value as Kind)}>
          {locationKinds.map((option) => (
            <option key={option} value={option}>
              {kindLabels[option]}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        type="submit"
        appearance="primary"
        disabledFocusable={create.isPending}
        icon={create.isPending ? <Spinner size="tiny" /> : undefined}
      >
        Create location
      </Button>
    </form>
  );
}
