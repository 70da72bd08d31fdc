import { Button, Dropdown, Field, Input, Option, Spinner, Switch } from '@fluentui/react-components';
import { BuildingShopRegular } from '@fluentui/react-icons';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import type { UpdateBusinessBody } from '@tradepost/shared/schemas/business.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { currencyLabel, currencyOptions } from '../../../features/account/currencies.ts';
import { TimeZoneField } from '../../../features/account/time-zone-field.tsx';
import { timeZoneLabel } from '../../../features/account/time-zones.ts';
import { useAccountFormStyles } from '../../../features/account/use-account-form-styles.ts';
import { useUpdateBusiness } from '../../../features/account/use-update-business.ts';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useCan } from '../../../features/session/use-can.ts';

type Business = User['business'];
type Form = { name: string; currency: string; timezone: string; shopify: boolean };
type FieldName = 'business_name' | 'currency' | 'timezone' | 'shopify_enabled';
const fields: readonly FieldName[] = ['business_name', 'currency', 'timezone', 'shopify_enabled'];

const fromBusiness = (business: Business): Form => ({
  name: business.business_name,
  currency: business.currency,
  timezone: business.timezone,
  shopify: business.shopify_enabled,
});

function changes(form: Form, business: Business): UpdateBusinessBody {
  const body: UpdateBusinessBody = {};
  if (form.name.trim() !== business.business_name) body.business_name = form.name.trim();
  if (form.currency !== business.currency) body.currency = form.currency;
  if (form.timezone !== business.timezone) body.timezone = form.timezone;
  if (form.shopify !== business.shopify_enabled) body.shopify_enabled = form.shopify;
  return body;
}

function ReadOnlyBusiness({ business }: { business: Business }) {
  const styles = useAccountFormStyles();
  return (
    <>
      <dl className={styles.readOnly}>
        <dt className={styles.term}>Business name</dt>
        <dd className={styles.detail}>{business.business_name}</dd>
        <dt className={styles.term}>Currency</dt>
        <dd className={styles.detail}>{currencyLabel(business.currency)}</dd>
        <dt className={styles.term}>Time zone</dt>
        <dd className={styles.detail}>{timeZoneLabel(business.timezone)}</dd>
        <dt className={styles.term}>Shopify</dt>
        <dd className={styles.detail}>{business.shopify_enabled ? 'Enabled' : 'Not enabled'}</dd>
      </dl>
      <p className={styles.note}>Only the owner of the business can change these.</p>
    </>
  );
}

function BusinessForm({ business }: { business: Business }) {
  const styles = useAccountFormStyles();
  const toast = useAppToast();
  const update = useUpdateBusiness(business.id);
  const [form, setForm] = useState<Form>(() => fromBusiness(business));
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});

  const body = changes(form, business);
  const dirty = Object.keys(body).length > 0;
  const server = update.isError ? apiFormErrors(update.error, fields, 'The business profile could not be saved.') : undefined;
  const errorFor = (field: FieldName) => local[field] ?? server?.fields[field];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.name.trim().length < 2) {
      setLocal({ business_name: 'Business name must be at least 2 characters' });
      return;
    }
    setLocal({});
    if (!dirty) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        setForm(fromBusiness(saved));
        toast({ intent: 'success', title: 'Business profile saved' });
      },
      onError: (error) => {
        const errors = apiFormErrors(error, fields, 'The business profile could not be saved.');
        toast({ intent: 'error', title: 'Update failed', body: errors.general ?? 'Check the highlighted fields.' });
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="business-title">
      <div className={styles.grid}>
        <Field className={styles.field} label="Business name" validationMessage={errorFor('business_name')}>
          <Input
            className={styles.input}
            name="business_name"
            autoComplete="organization"
            value={form.name}
            onChange={(_, data) => setForm((prev) => ({ ...prev, name: data.value }))}
          />
        </Field>
        <Field
          className={styles.field}
          label="Currency"
          validationMessage={errorFor('currency')}
          hint="Prices, costs and profit are shown in this currency."
        >
          <Dropdown
            className={styles.input}
            value={currencyLabel(form.currency)}
            selectedOptions={[form.currency]}
            onOptionSelect={(_, data) => {
              if (data.optionValue !== undefined) setForm((prev) => ({ ...prev, currency: data.optionValue ?? prev.currency }));
            }}
          >
            {currencyOptions(form.currency).map((code) => (
              <Option key={code} value={code}>
                {currencyLabel(code)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <TimeZoneField
          className={styles.field}
          label="Business time zone"
          hint="Days in reports and analytics start and end in this zone."
          value={form.timezone}
          onChange={(timezone) => setForm((prev) => ({ ...prev, timezone }))}
          validationMessage={errorFor('timezone')}
        />
        <Field
          className={styles.field}
          label="Shopify"
          validationMessage={errorFor('shopify_enabled')}
          hint="Turns on the Shopify screens and the Shopify item in the sidebar."
        >
          <Switch
            label={form.shopify ? 'Enabled' : 'Not enabled'}
            checked={form.shopify}
            onChange={(_, data) => setForm((prev) => ({ ...prev, shopify: data.checked }))}
          />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabled={!dirty && !update.isPending}
          disabledFocusable={update.isPending}
          icon={update.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Save business profile
        </Button>
        {dirty ? (
          <Button appearance="subtle" disabled={update.isPending} onClick={() => setForm(fromBusiness(business))}>
            Discard
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The business profile: editable with business:manage (the owner's; the API refuses anyone else), read-only for the team. */
export function BusinessSection({ user }: { user: User }) {
  const can = useCan();
  return (
    <PageSection
      id="business-title"
      title="Business profile"
      description="Your business’s name, currency and time zone, and whether it sells on Shopify."
      icon={<BuildingShopRegular />}
    >
      {can('business:manage') ? (
        <BusinessForm key={user.business.id} business={user.business} />
      ) : (
        <ReadOnlyBusiness business={user.business} />
      )}
    </PageSection>
  );
}
