import { Button, Field, Input, makeStyles, Spinner, Switch, tokens, typographyStyles } from '@fluentui/react-components';
import { ChannelShareRegular, SaveRegular, TagRegular } from '@fluentui/react-icons';
import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import type { Channel } from '@tradepost/shared/schemas/sales.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { ChannelIcon } from '../../../features/channels/channel-icon.tsx';
import { channelKindLabels, inDisplayOrder, isMarketplace } from '../../../features/channels/channel-labels.ts';
import { useChannels, useUpdateChannel } from '../../../features/channels/use-channels.ts';
import { isConnectionPlatform, ownerConnectsNote } from '../../../features/connections/connection-labels.ts';
import { ConnectionOutcome, type ConnectionOutcomeValue, useConnectionOutcome } from '../../../features/connections/connection-outcome.tsx';
import { ConnectionPanel } from '../../../features/connections/connection-panel.tsx';
import { MarketplaceSummary } from '../../../features/connections/marketplace-summary.tsx';
import { useConnections } from '../../../features/connections/use-connections.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' },
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(180px, 1fr) minmax(0, 2.4fr)',
    gap: '12px 24px',
    padding: '18px 20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    scrollMarginTop: '16px',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)', padding: '16px' },
  },
  target: { border: `2px solid ${tokens.colorBrandStroke1}` },
  who: { display: 'flex', alignItems: 'center', alignSelf: 'start', gap: '10px', minWidth: 0 },
  icon: {
    width: '36px',
    height: '36px',
    flexShrink: 0,
    display: 'grid',
    placeItems: 'center',
    fontSize: '20px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  name: { ...typographyStyles.subtitle2, margin: 0, overflowWrap: 'anywhere' },
  kind: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  switches: { display: 'flex', flexWrap: 'wrap', gap: '4px 20px', alignItems: 'center' },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 150px auto',
    gap: '8px 12px',
    alignItems: 'start',
    '@media (max-width: 560px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  fill: { width: '100%', minWidth: 0 },
  save: { marginTop: '22px', '@media (max-width: 560px)': { marginTop: 0 } },
  links: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type Errors = Partial<Record<'name' | 'quantity_buffer' | 'enabled' | 'sync_enabled', string>>;

type ChannelSettingsProps = {
  channel: Channel;
  targeted: boolean;
  /** The marketplace account behind eBay, Shopify and Square channels. */
  connection: PlatformConnection | undefined;
  canManage: boolean;
  /** Back from connecting this channel's marketplace. */
  outcome: ConnectionOutcomeValue | null;
};

function ChannelSettings({ channel, targeted, connection, canManage, outcome }: ChannelSettingsProps) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const toast = useAppToast();
  const update = useUpdateChannel(scope);
  const [name, setName] = useState(channel.name);
  const [buffer, setBuffer] = useState(String(channel.quantity_buffer));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const marketplace = isMarketplace(channel.kind);
  const changed = name.trim() !== channel.name || buffer.trim() !== String(channel.quantity_buffer);

  const send = (body: Parameters<typeof update.mutate>[0]['body'], done: string) => {
    setGeneral(undefined);
    update.mutate(
      { channelId: channel.id, body },
      {
        onSuccess: (saved) => {
          setErrors({});
          setName(saved.name);
          setBuffer(String(saved.quantity_buffer));
          toast({ intent: 'success', title: done, body: saved.name });
        },
        onError: (error) => {
          const result = apiFormErrors(error, ['name', 'quantity_buffer', 'enabled', 'sync_enabled'] as const, 'The change was not saved.');
          setErrors(result.fields);
          setGeneral(result.general);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = buffer.trim();
    // Whole numbers only are sent; the allowed range is the API's to say, beside the field.
    const quantity = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(quantity)) {
      setErrors({ quantity_buffer: 'Quantity buffer must be a whole number' });
      return;
    }
    send({ name: name.trim(), quantity_buffer: quantity }, 'Channel saved');
  };

  return (
    <li id={channel.kind} className={targeted ? `${styles.card} ${styles.target}` : styles.card} aria-labelledby={`settings-${channel.id}`}>
      <div className={styles.who}>
        <span className={styles.icon} aria-hidden="true">
          <ChannelIcon kind={channel.kind} />
        </span>
        <div>
          <h2 id={`settings-${channel.id}`} className={styles.name}>
            {channel.name}
          </h2>
          {channel.name === channelKindLabels[channel.kind] ? null : <p className={styles.kind}>{channelKindLabels[channel.kind]}</p>}
        </div>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`${channel.name} settings`}>
        <div className={styles.switches}>
          <Switch
            checked={channel.enabled}
            disabled={update.isPending}
            label={channel.enabled ? 'Selling here' : 'Not selling here'}
            onChange={(_, d) => send({ enabled: d.checked }, d.checked ? 'Channel switched on' : 'Channel switched off')}
          />
          <Switch
            checked={channel.sync_enabled}
            disabled={update.isPending}
            label={channel.sync_enabled ? 'Stock sync on' : 'Stock sync off'}
            onChange={(_, d) => send({ sync_enabled: d.checked }, d.checked ? 'Stock sync on' : 'Stock sync off')}
          />
          {update.isPending ? <Spinner size="tiny" aria-label="Saving" /> : null}
        </div>
        <div className={styles.fields}>
          <Field className={styles.field} label="Name" validationMessage={errors.name}>
            <Input className={styles.fill} value={name} maxLength={80} onChange={(_, d) => setName(d.value)} />
          </Field>
          <Field className={styles.field} label="Quantity buffer" validationMessage={errors.quantity_buffer}>
            <Input className={styles.fill} inputMode="numeric" value={buffer} onChange={(_, d) => setBuffer(d.value)} />
          </Field>
          <Button className={styles.save} type="submit" icon={<SaveRegular />} disabledFocusable={!changed || update.isPending}>
            Save
          </Button>
        </div>
        <p className={styles.hint}>
          {marketplace
            ? `The buffer holds back units from ${channelKindLabels[channel.kind]}: with a buffer of 1, a size with 3 on hand shows 2 there, so a last pair is not sold twice.`
            : 'The buffer holds back units from this channel’s available stock.'}
        </p>
        <FormErrorAlert message={general} />
        <div className={styles.links}>
          <ButtonLink to={`/retail/pricing?channel=${channel.id}`} size="small" icon={<TagRegular />}>
            Price rule
          </ButtonLink>
        </div>
      </form>
      {connection === undefined ? null : (
        <ConnectionPanel
          scope={scope}
          entry={connection}
          canManage={canManage}
          notice={outcome === null ? null : <ConnectionOutcome outcome={outcome} />}
        />
      )}
    </li>
  );
}

/**
 * sales-channels-management: per channel, on or off, stock sync, the quantity buffer and its price
 * rule; for eBay, Shopify and Square also the marketplace account (connect, reconnect, locations, disconnect).
 */
export function SalesChannelsManagementPage() {
  const scope = useBusinessScope();
  const channels = useChannels(scope);
  const connections = useConnections(scope);
  const can = useCan();
  const styles = useStyles();
  const { hash } = useLocation();
  const outcome = useConnectionOutcome();
  // Back from a platform's consent page: that channel's card is the one to look at.
  const target = hash.replace('#', '') || (outcome?.platform ?? '');
  const outcomeHasCard = outcome !== null && isConnectionPlatform(outcome.platform);

  useEffect(() => {
    if (target !== '' && channels.data !== undefined) document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [target, channels.data]);

  return (
    <AppPage
      title="Manage channels"
      description={
        can('connections:manage')
          ? 'Connect your marketplaces, switch channels on or off, control stock sync and hold back a buffer so the last pair is never sold twice.'
          : `Switch channels on or off, control stock sync and hold back a buffer so the last pair is never sold twice. ${ownerConnectsNote}`
      }
      actions={
        <ButtonLink to="/sales-channels" icon={<ChannelShareRegular />}>
          All channels
        </ButtonLink>
      }
    >
      {outcome !== null && !outcomeHasCard ? <ConnectionOutcome outcome={outcome} /> : null}
      {connections.data === undefined ? null : <MarketplaceSummary entries={connections.data} />}
      {connections.isError ? (
        <LoadFailed subject="The marketplace accounts" onRetry={() => void connections.refetch()} retrying={connections.isFetching} />
      ) : null}
      {channels.isError ? (
        <LoadFailed subject="The channels" onRetry={() => void channels.refetch()} retrying={channels.isFetching} />
      ) : channels.data === undefined ? (
        <Spinner size="tiny" label="Loading channels…" />
      ) : (
        <ul className={styles.list} aria-label="Channel settings">
          {inDisplayOrder(channels.data).map((channel) => (
            <ChannelSettings
              key={channel.id}
              channel={channel}
              targeted={channel.kind === target}
              connection={isConnectionPlatform(channel.kind) ? connections.data?.find((c) => c.platform === channel.kind) : undefined}
              canManage={can('connections:manage')}
              outcome={outcomeHasCard && outcome?.platform === channel.kind ? outcome : null}
            />
          ))}
        </ul>
      )}
    </AppPage>
  );
}
