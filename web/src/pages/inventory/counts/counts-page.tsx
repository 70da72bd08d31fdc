import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Tab,
  TabList,
  Tag,
  TagGroup,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular, PlayRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import type { CountSummary } from '@tradepost/shared/schemas/inventory.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { ProductPicker } from '../../../features/catalog/product-picker.tsx';
import { countStatusLabels, signed } from '../../../features/inventory/count-model.ts';
import { CountStatusBadge } from '../../../features/inventory/status-badges.tsx';
import { useCounts, useCreateCount } from '../../../features/inventory/use-counts.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { LocationSetup } from '../adjustments/location-setup.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: '12px 16px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  filter: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  tabs: { overflowX: 'auto', marginInline: '-10px' },
  name: { ...typographyStyles.body1Strong },
});

type Filter = 'all' | CountSummary['status'];
const filters: Filter[] = ['all', 'in_progress', 'completed', 'cancelled'];
const isFilter = (value: string | null): value is Filter => filters.includes(value as Filter);

/** inventory/counts: start a count of one location (all of it, or some products), and every count so far. */
export function CountsPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const counts = useCounts(scope);
  const locations = useLocations(scope);
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: Filter = isFilter(requested) ? requested : 'all';

  const locationName = (id: string) => locations.data?.find((location) => location.id === id)?.name ?? 'Unknown location';
  const all = counts.data ?? [];
  const shown = filter === 'all' ? all : all.filter((count) => count.status === filter);
  const tally = (f: Filter) => (f === 'all' ? all.length : all.filter((count) => count.status === f).length);

  return (
    <AppPage
      title="Inventory counts"
      description="Count what is on the shelf and correct the stock ledger: expected quantities are frozen when the count starts."
      wide
      actions={
        <ButtonLink to="/inventory" icon={<ClipboardTaskListLtrRegular />}>
          Inventory overview
        </ButtonLink>
      }
    >
      <StartCount />

      <PageSection id="count-list" title="Counts" icon={<TaskListSquareLtrRegular />}>
        <TabList
          className={styles.tabs}
          selectedValue={filter}
          onTabSelect={(_, data) => setParams(data.value === 'all' ? {} : { status: String(data.value) }, { replace: true })}
          aria-label="Filter counts by status"
        >
          {filters.map((f) => (
            <Tab key={f} value={f}>
              {f === 'all' ? 'All' : countStatusLabels[f]}
              {/* No tally until the list is in: "(0)" would claim there are none. */}
              {counts.data === undefined ? null : ` (${tally(f)})`}
            </Tab>
          ))}
        </TabList>
        {counts.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading counts…
          </p>
        ) : counts.isError ? (
          <LoadFailed subject="The counts" onRetry={() => void counts.refetch()} retrying={counts.isFetching} />
        ) : shown.length === 0 ? (
          <p className={styles.text}>
            {all.length === 0
              ? 'No counts yet. Start one above: choose a location, then count it with a scanner or by hand.'
              : 'No counts with this status. Choose another status above.'}
          </p>
        ) : (
          <DataTable
            label="Counts"
            head={
              <>
                <th className={table.th}>Count</th>
                <th className={table.th}>Location</th>
                <th className={table.th}>Status</th>
                <th className={mergeClasses(table.th, table.num)}>Counted</th>
                <th className={mergeClasses(table.th, table.num)}>Units</th>
                <th className={mergeClasses(table.th, table.num)}>Variance</th>
                <th className={table.th}>Started</th>
              </>
            }
          >
            {shown.map((count) => (
              <tr key={count.id}>
                <td className={table.td}>
                  <RouterLink to={`/inventory/counts/${count.id}`}>{count.name}</RouterLink>
                  {count.blind ? <span className={table.muted}> · blind</span> : null}
                </td>
                <td className={table.td}>{locationName(count.location_id)}</td>
                <td className={table.td}>
                  <CountStatusBadge status={count.status} />
                </td>
                <td className={mergeClasses(table.td, table.num)}>
                  {count.totals.counted_lines} of {count.totals.lines}
                </td>
                <td className={mergeClasses(table.td, table.num)}>{count.totals.units_counted}</td>
                <td
                  className={mergeClasses(
                    table.td,
                    table.num,
                    (count.totals.variance_units ?? 0) > 0 && table.plus,
                    (count.totals.variance_units ?? 0) < 0 && table.minus,
                  )}
                >
                  {count.totals.variance_units === null ? <span className={table.muted}>Hidden</span> : signed(count.totals.variance_units)}
                </td>
                <td className={mergeClasses(table.td, table.nowrap)}>{formatWhen(count.created_at)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </PageSection>
    </AppPage>
  );
}

function StartCount() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const locations = useLocations(scope);
  const create = useCreateCount(scope);
  const navigate = useNavigate();
  const active = (locations.data ?? []).filter((location) => !location.archived);
  const [locationChoice, setLocation] = useState<string | null>(null);
  const locationId = locationChoice ?? active.find((l) => l.is_default)?.id ?? active[0]?.id ?? '';
  const [name, setName] = useState('');
  const [blind, setBlind] = useState(false);
  const [scopeKind, setScopeKind] = useState<'all' | 'products'>('all');
  const [products, setProducts] = useState<Product[]>([]);

  const errors = create.isError
    ? fieldErrors(
        create.error,
        (path) => path === 'location_id' || path === 'name' || path.startsWith('product_ids'),
        'The count could not be started.',
      )
    : undefined;
  const productError = Object.entries(errors?.fields ?? {}).find(([path]) => path.startsWith('product_ids'))?.[1];
  // The API names the open count in its message; it is reachable from the list below.
  const locationError = errors?.code === 'COUNT_IN_PROGRESS' ? errors.message : errors?.fields.location_id;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(
      {
        location_id: locationId,
        name: name.trim() === '' ? undefined : name.trim(),
        blind,
        product_ids: scopeKind === 'products' ? products.map((product) => product.id) : undefined,
      },
      { onSuccess: (count) => navigate(`/inventory/counts/${count.id}`) },
    );
  };

  return (
    <PageSection
      id="count-start"
      title="Start a count"
      icon={<PlayRegular />}
      description="Every size with stock at the location is on the count. Items found that are not on it are added when scanned."
    >
      {locations.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading locations…
        </p>
      ) : active.length === 0 ? (
        <>
          <p className={styles.text}>You have no location yet. Create the place you are about to count.</p>
          <LocationSetup scope={scope} onCreated={(id) => setLocation(id)} />
        </>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Start a count">
          <div className={styles.grid}>
            <Field label="Location" validationMessage={locationError}>
              <Select value={locationId} onChange={(_, d) => setLocation(d.value)}>
                {active.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Name" hint="Optional: the location and today's date when left empty." validationMessage={errors?.fields.name}>
              <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={120} />
            </Field>
          </div>
          <Checkbox
            checked={blind}
            onChange={(_, d) => setBlind(d.checked === true)}
            label="Blind count: counters do not see the expected quantities until you reveal them"
          />
          <Field label="What to count" validationMessage={productError}>
            <RadioGroup
              value={scopeKind}
              onChange={(_, d) => setScopeKind(d.value === 'products' ? 'products' : 'all')}
              layout="horizontal"
            >
              <Radio value="all" label="Everything at the location" />
              <Radio value="products" label="Only some products" />
            </RadioGroup>
          </Field>
          {scopeKind === 'products' ? (
            <div className={styles.filter}>
              {products.length === 0 ? (
                <p className={styles.text}>Choose the products to count; every size of each is on the count, with or without stock.</p>
              ) : (
                <TagGroup
                  aria-label="Products to count"
                  onDismiss={(_, data) => setProducts((prev) => prev.filter((product) => product.id !== data.value))}
                >
                  {products.map((product) => (
                    <Tag key={product.id} value={product.id} dismissible dismissIcon={{ 'aria-label': `Remove ${product.title}` }}>
                      {product.title}
                    </Tag>
                  ))}
                </TagGroup>
              )}
              <ProductPicker
                scope={scope}
                label="Add a product"
                pickLabel="Add"
                onPick={(product) => setProducts((prev) => (prev.some((p) => p.id === product.id) ? prev : [...prev, product]))}
              />
            </div>
          ) : null}
          {errors?.general === undefined || errors.code === 'COUNT_IN_PROGRESS' ? null : (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>
                <MessageBarTitle>The count was not started</MessageBarTitle>
                {errors.general}
              </MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.row}>
            <Button
              type="submit"
              appearance="primary"
              icon={create.isPending ? <Spinner size="tiny" /> : <PlayRegular />}
              disabledFocusable={create.isPending}
            >
              Start count
            </Button>
          </div>
        </form>
      )}
    </PageSection>
  );
}
