import {
  Badge,
  Button,
  Checkbox,
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
import { AddRegular, DeleteRegular, PlugConnectedRegular, SaveRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { type ChannelSettings, ebayConditionNames, ebayConditions } from '@tradepost/shared/schemas/channel-settings.ts';
import type { PriceSource } from '@tradepost/shared/schemas/listings.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type ReactNode, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { environmentLabels, platformLabels, statusLabels } from '../../../features/connections/connection-labels.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';
import { type ChannelForm, channelFormFrom, planChannelSave } from './channel-settings-form.ts';
import { useChannelSettings, useSaveChannelSettings } from './use-channel-settings.ts';

const useStyles = makeStyles({
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  cards: { display: 'flex', flexDirection: 'column', gap: '16px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  cardHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  cardTitle: { ...typographyStyles.subtitle2, margin: 0 },
  sub: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    gap: '12px 16px',
    alignItems: 'start',
  },
  full: { gridColumn: '1 / -1' },
  priceInput: { width: '130px' },
  specifics: { display: 'flex', flexDirection: 'column', gap: '8px' },
  specificsHead: { ...typographyStyles.body1Strong, margin: 0 },
  specificRow: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) 32px',
    gap: '8px',
    alignItems: 'start',
    '@media (max-width: 560px)': { gridTemplateColumns: 'minmax(0, 1fr) 32px' },
  },
  specificValues: { '@media (max-width: 560px)': { gridColumn: '1 / 2' } },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '8px' },
  status: { ...typographyStyles.body1, margin: 0, marginRight: 'auto', color: tokens.colorNeutralForeground2 },
  error: { ...typographyStyles.caption1, display: 'block', color: tokens.colorPaletteRedForeground1 },
});

const sourceText: Record<PriceSource, string> = {
  size: 'this size',
  listing: 'the listing’s price',
  rule: 'the channel’s price rule',
  product: 'the catalog price',
};

function listingBadge(settings: ChannelSettings) {
  const { listing } = settings;
  if (listing === null) return { color: 'subtle', text: 'Not listed' } as const;
  if (listing.status === 'active') return { color: 'success', text: 'Listed' } as const;
  if (listing.status === 'ended') return { color: 'subtle', text: 'Ended' } as const;
  if (listing.status === 'error') return { color: 'danger', text: 'Listing failed' } as const;
  return { color: 'warning', text: 'Pending' } as const;
}

type Messages = { fields: Record<string, string>; general: string | undefined };
const noMessages: Messages = { fields: {}, general: undefined };

/** A message for a field path or any path under it ('ebay.aspects.0.values.1' lands on 'ebay.aspects.0.values'). */
const messageAt = (fields: Record<string, string>, path: string): string | undefined =>
  fields[path] ??
  (Object.entries(fields)
    .filter(([field]) => field.startsWith(`${path}.`))
    .map(([, message]) => message)
    .join(', ') ||
    undefined);

type ChannelCardProps = {
  scope: BusinessScope | undefined;
  productId: string;
  settings: ChannelSettings;
  currency: string;
  canEdit: boolean;
};

/** One marketplace's settings of the product, with its own Save. */
export function ChannelCard({ scope, productId, settings, currency, canEdit }: ChannelCardProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const toast = useAppToast();
  const save = useSaveChannelSettings(scope, productId);
  const [form, setForm] = useState<ChannelForm>(() => channelFormFrom(settings, currency));
  const [messages, setMessages] = useState<Messages>(noMessages);
  const [updateError, setUpdateError] = useState<string | null>(null);
  const plan = planChannelSave(settings, form, currency);
  const platform = platformLabels[settings.connection.platform];
  const id = `channel-${settings.connection.id}`;
  const badge = listingBadge(settings);
  const live = settings.listing?.status === 'active';
  const set = (change: Partial<ChannelForm>) => setForm((previous) => ({ ...previous, ...change }));
  const setSize = (variantId: string, change: Partial<ChannelForm['sizes'][string]>) =>
    setForm((previous) => {
      const current = previous.sizes[variantId] ?? { listed: true, price: '' };
      return { ...previous, sizes: { ...previous.sizes, [variantId]: { ...current, ...change } } };
    });
  const setAspect = (index: number, change: Partial<ChannelForm['aspects'][number]>) =>
    setForm((previous) => ({ ...previous, aspects: previous.aspects.map((a, i) => (i === index ? { ...a, ...change } : a)) }));
  const message = (path: string) => messageAt(messages.fields, path);

  const submit = () => {
    setUpdateError(null);
    if (Object.keys(plan.local).length > 0) {
      setMessages({ fields: plan.local, general: 'Some entries could not be read: see the marked fields.' });
      return;
    }
    save.mutate(
      { connectionId: settings.connection.id, body: plan.body },
      {
        onSuccess: (saved) => {
          setForm(channelFormFrom(saved, currency));
          setMessages(noMessages);
          setUpdateError(saved.update_error);
          toast(
            saved.update_error
              ? { intent: 'warning', title: `${platform} settings saved`, body: `${platform} did not take the update: see its card.` }
              : { intent: 'success', title: `${platform} settings saved` },
          );
        },
        onError: (failure) => {
          const result = fieldErrors(failure, () => true, `The ${platform} settings could not be saved.`);
          setMessages({ fields: result.fields, general: result.general ?? 'See the marked fields.' });
        },
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby={id}>
      <div className={styles.cardHead}>
        <h3 id={id} className={styles.cardTitle}>
          {platform}
        </h3>
        <Badge appearance="tint" color={badge.color}>
          {badge.text}
        </Badge>
        {settings.connection.status === 'connected' ? null : (
          <Badge appearance="tint" color="warning">
            {statusLabels[settings.connection.status]}
          </Badge>
        )}
        <span className={styles.sub}>
          {[settings.connection.account_name, environmentLabels[settings.connection.environment]].filter(Boolean).join(' · ')}
        </span>
      </div>
      {settings.listing?.last_error ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            Last call to {platform}: {settings.listing.last_error}
          </MessageBarBody>
        </MessageBar>
      ) : null}

      <div className={styles.grid}>
        <Field
          className={styles.full}
          label="Title"
          hint={`Blank: the product's title${settings.connection.platform === 'ebay' ? ' (eBay shows 80 characters)' : ''}.`}
          validationMessage={message('title')}
        >
          <Input value={form.title} placeholder={settings.default_title} disabled={!canEdit} onChange={(_, d) => set({ title: d.value })} />
        </Field>
        {settings.ebay === null ? null : (
          <>
            <Field
              label="eBay category"
              hint="eBay's leaf category number. Blank: the default."
              validationMessage={message('ebay.category_id')}
            >
              <Input
                value={form.categoryId}
                inputMode="numeric"
                placeholder={settings.ebay.default_category_id ?? 'e.g. 15709'}
                disabled={!canEdit}
                onChange={(_, d) => set({ categoryId: d.value })}
              />
            </Field>
            <Field label="Condition" validationMessage={message('ebay.condition')}>
              <Select
                value={form.condition}
                disabled={!canEdit}
                onChange={(_, d) => set({ condition: d.value as ChannelForm['condition'] })}
              >
                <option value="">From the product: {ebayConditionNames[settings.ebay.default_condition]}</option>
                {ebayConditions.map((condition) => (
                  <option key={condition} value={condition}>
                    {ebayConditionNames[condition]}
                  </option>
                ))}
              </Select>
            </Field>
          </>
        )}
      </div>

      <DataTable
        label={`Sizes on ${platform}`}
        head={
          <>
            <th className={table.th}>Size</th>
            <th className={table.th}>SKU</th>
            <th className={table.th}>Listed</th>
            <th className={table.th}>Price on {platform}</th>
          </>
        }
      >
        {settings.sizes.map((size, i) => {
          const row = form.sizes[size.variant_id] ?? { listed: size.listed, price: '' };
          const rowMessage = message(`sizes.${i}`);
          return (
            <tr key={size.variant_id}>
              <td className={`${table.td} ${table.nowrap}`}>{size.size}</td>
              <td className={`${table.td} ${table.muted}`}>{size.sku}</td>
              <td className={table.td}>
                <Checkbox
                  checked={row.listed}
                  disabled={!canEdit || size.on_listing}
                  aria-label={`List size ${size.size} on ${platform}`}
                  label={size.on_listing ? (live ? 'Live' : 'On the listing') : undefined}
                  onChange={(_, d) => setSize(size.variant_id, { listed: d.checked === true })}
                />
              </td>
              <td className={table.td}>
                <Input
                  className={styles.priceInput}
                  inputMode="decimal"
                  value={row.price}
                  aria-label={`Price of size ${size.size} on ${platform}`}
                  placeholder={size.default_price_cents === null ? 'No price' : formatMoney(size.default_price_cents, currency)}
                  title={size.default_price_source === null ? undefined : `Blank: ${sourceText[size.default_price_source]}`}
                  disabled={!canEdit}
                  onChange={(_, d) => setSize(size.variant_id, { price: d.value })}
                />
                {rowMessage ? (
                  <span className={styles.error} role="alert">
                    {rowMessage}
                  </span>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>

      {settings.ebay === null ? null : (
        <div className={styles.specifics}>
          <p className={styles.specificsHead}>Item specifics</p>
          <p className={styles.text}>
            Brand and size are sent from the product. Add what buyers filter by in this category, e.g. Color or Style.
          </p>
          {form.aspects.map((aspect, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; they are edited in place
            <div className={styles.specificRow} key={i}>
              <Field validationMessage={message(`ebay.aspects.${i}.name`)}>
                <Input
                  value={aspect.name}
                  placeholder="Name, e.g. Color"
                  aria-label={`Item specific ${i + 1} name`}
                  disabled={!canEdit}
                  onChange={(_, d) => setAspect(i, { name: d.value })}
                />
              </Field>
              <Field className={styles.specificValues} validationMessage={message(`ebay.aspects.${i}.values`)}>
                <Input
                  value={aspect.values}
                  placeholder="Values, separated by commas"
                  aria-label={`Item specific ${i + 1} values`}
                  disabled={!canEdit}
                  onChange={(_, d) => setAspect(i, { values: d.value })}
                />
              </Field>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`Remove item specific ${aspect.name || i + 1}`}
                disabled={!canEdit}
                onClick={() => set({ aspects: form.aspects.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
          {canEdit ? (
            <div>
              <Button icon={<AddRegular />} onClick={() => set({ aspects: [...form.aspects, { name: '', values: '' }] })}>
                Add item specific
              </Button>
            </div>
          ) : null}
        </div>
      )}

      {updateError ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            Saved, but {platform} did not take the update: {updateError}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {canEdit ? (
        <div className={styles.actions}>
          <p className={styles.status} aria-live="polite">
            {messages.general ??
              (plan.changed
                ? live
                  ? `Unsaved changes. Saving updates the live ${platform} listing.`
                  : 'Unsaved changes.'
                : 'No unsaved changes.')}
          </p>
          <Button
            disabled={!plan.changed || save.isPending}
            onClick={() => {
              setForm(channelFormFrom(settings, currency));
              setMessages(noMessages);
            }}
          >
            Discard
          </Button>
          <Button
            appearance="primary"
            icon={save.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
            disabled={!plan.changed && !save.isPending}
            disabledFocusable={save.isPending}
            onClick={submit}
          >
            Save {platform} settings
          </Button>
        </div>
      ) : null}
    </section>
  );
}

type SectionProps = { scope: BusinessScope | undefined; product: Pick<Product, 'id'>; currency: string };

/**
 * products/{id}/configure: the product on each connected marketplace (title, sizes listed and
 * their prices, eBay's category, condition and item specifics), one card and one Save each.
 */
export function ChannelSettingsSection({ scope, product, currency }: SectionProps) {
  const styles = useStyles();
  const can = useCan();
  const canRead = can('listings:read');
  const settings = useChannelSettings(scope, product.id, canRead);
  if (!canRead) return null;

  let body: ReactNode;
  if (settings.data !== undefined && settings.data.channels.length === 0) {
    body = (
      <>
        <p className={styles.text}>
          No marketplace is connected yet. Connect eBay or Shopify to set, per channel, which sizes are listed, at what price and under
          which title.
        </p>
        <div>
          <ButtonLink to="/sales-channels" icon={<PlugConnectedRegular />}>
            Connect a marketplace
          </ButtonLink>
        </div>
      </>
    );
  } else if (settings.data !== undefined) {
    body = (
      <div className={styles.cards}>
        {settings.data.channels.map((channel) => (
          <ChannelCard
            key={channel.connection.id}
            scope={scope}
            productId={product.id}
            settings={channel}
            currency={currency}
            canEdit={can('listings:write')}
          />
        ))}
      </div>
    );
  } else if (settings.isError) {
    body = <LoadFailed subject="The channel settings" onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  } else {
    body = <Spinner size="tiny" label="Loading the channel settings…" />;
  }

  return (
    <PageSection
      id="configure-channels"
      title="Channel settings"
      icon={<PlugConnectedRegular />}
      description={
        <>
          Per marketplace: title, sizes listed and their prices, and eBay's category, condition and item specifics. Each channel saves on
          its own; listing and ending are under <RouterLink to="/listings/inventory-control">Listings Control</RouterLink>.
        </>
      }
    >
      {body}
    </PageSection>
  );
}
