import {
  Badge,
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Option,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowSyncRegular, BeakerRegular, LinkDismissRegular, LinkRegular, PlugConnectedRegular } from '@fluentui/react-icons';
import type { Connection, PlatformConnection, UpdateConnectionBody } from '@tradepost/shared/schemas/connections.ts';
import { type ReactNode, useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { ConfirmDialog } from '../forms/confirm-dialog.tsx';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import { useLocations } from '../inventory/use-locations.ts';
import { useAppToast } from '../notifications/use-app-toast.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { ConnectDialog } from './connect-dialog.tsx';
import { environmentLabels, ownerConnectsNote, platformLabels, statusLabels } from './connection-labels.ts';
import { ebayPoliciesText } from './ebay-policies.ts';
import { useDisconnect, useReconnect, useUpdateConnection } from './use-connections.ts';

const useStyles = makeStyles({
  panel: {
    gridColumn: '1 / -1',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    paddingTop: '14px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  title: { ...typographyStyles.subtitle2, margin: 0 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: '6px', alignItems: 'center' },
  spacer: { flexGrow: 1 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: '8px 20px',
    margin: 0,
  },
  fact: { minWidth: 0, margin: 0 },
  term: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  value: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  mapping: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: '10px 16px',
    alignItems: 'start',
  },
  fill: { width: '100%', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  list: { margin: '4px 0 0', paddingInlineStart: '20px' },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (value: string | null, none: string): string => (value === null ? none : when.format(new Date(value)));

/** A platform's reason as a sentence of its own: capital first letter, a full stop at the end. */
const sentence = (text: string): string => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

type Props = {
  scope: BusinessScope | undefined;
  entry: PlatformConnection;
  /** connections:manage (the owner's): connect, reconnect, change and disconnect. Without it the panel is read-only. */
  canManage: boolean;
  /** Shown first: what came of the last attempt to connect this platform. */
  notice?: ReactNode;
};

const statusColor = { connected: 'success', reconnect_needed: 'danger', pending: 'informative', disconnected: 'subtle' } as const;

function StatusBadges({ connection }: { connection: Connection }) {
  const styles = useStyles();
  return (
    <span className={styles.badges}>
      <Badge appearance="filled" color={statusColor[connection.status]}>
        {statusLabels[connection.status]}
      </Badge>
      {connection.simulator ? (
        <Badge appearance="tint" color="warning" icon={<BeakerRegular />}>
          Simulator
        </Badge>
      ) : (
        <Badge appearance="outline" color={connection.environment === 'sandbox' ? 'informative' : 'brand'}>
          {environmentLabels[connection.environment]}
        </Badge>
      )}
    </span>
  );
}

/** Where a connection takes stock from and sets it at, as text: what the team sees without connections:manage. */
function ReadOnlyMapping({ connection, label, locationNames }: { connection: Connection; label: string; locationNames: string[] }) {
  const styles = useStyles();
  const external = connection.settings.external_locations.find((l) => l.id === connection.settings.external_location_id);
  return (
    <dl className={styles.facts}>
      <div className={styles.fact}>
        <dt className={styles.term}>Sell stock from</dt>
        <dd className={styles.value}>{locationNames.length === 0 ? 'All locations' : locationNames.join(', ')}</dd>
      </div>
      <div className={styles.fact}>
        <dt className={styles.term}>Stock sits at on {label}</dt>
        <dd className={styles.value}>{external?.name ?? 'Not chosen yet'}</dd>
      </div>
    </dl>
  );
}

/**
 * The marketplace account behind a channel: connect, the account and its token, reconnect when the
 * platform refused a refresh, where stock comes from and goes to, and disconnect. Every change is
 * connections:manage; without it the panel shows the same facts and offers no action (a refused
 * call would end the session, spec §8).
 */
export function ConnectionPanel({ scope, entry, canManage, notice = null }: Props) {
  const styles = useStyles();
  const toast = useAppToast();
  const label = platformLabels[entry.platform];
  const connection = entry.connection;
  const [connecting, setConnecting] = useState(false);
  const [confirming, setConfirming] = useState<Connection | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const reconnect = useReconnect(scope);
  const disconnect = useDisconnect(scope);
  const update = useUpdateConnection(scope);
  const locations = useLocations(scope);
  // Connected, or connected before and now refused: the account's facts and settings still apply.
  const live = connection !== null && (connection.status === 'connected' || connection.status === 'reconnect_needed') ? connection : null;

  const startReconnect = (target: Connection) => {
    setGeneral(undefined);
    reconnect.mutate(
      { connectionId: target.id },
      {
        onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
        onError: (error) => setGeneral(apiFormErrors(error, [], `${label} could not be reconnected.`).general),
      },
    );
  };

  const save = (body: UpdateConnectionBody, done: string) => {
    if (connection === null) return;
    setGeneral(undefined);
    update.mutate(
      { connectionId: connection.id, body },
      {
        onSuccess: () => toast({ intent: 'success', title: done, body: label }),
        onError: (error) => setGeneral(apiFormErrors(error, [], 'The change was not saved.').general),
      },
    );
  };

  const connectButton = (
    <Button appearance="primary" icon={<PlugConnectedRegular />} onClick={() => setConnecting(true)}>
      Connect {label}
    </Button>
  );
  const chosenLocations = live === null ? [] : (locations.data ?? []).filter((l) => live.settings.location_ids.includes(l.id));

  return (
    <section className={styles.panel} aria-label={`${label} account`}>
      <div className={styles.head}>
        <h3 className={styles.title}>{label} account</h3>
        {connection === null ? (
          <Badge appearance="filled" color="subtle">
            Not connected
          </Badge>
        ) : (
          <StatusBadges connection={connection} />
        )}
        <span className={styles.spacer} />
        {reconnect.isPending || disconnect.isPending || update.isPending ? <Spinner size="tiny" aria-label="Working" /> : null}
      </div>

      {notice}

      {connection?.status === 'reconnect_needed' ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{label} needs to be connected again</MessageBarTitle>
            {sentence(connection.status_reason ?? `${label} no longer accepts Tradepost’s access`)} Stock and orders do not sync until{' '}
            {canManage ? 'you reconnect.' : 'the owner reconnects it.'}
          </MessageBarBody>
        </MessageBar>
      ) : null}

      {live === null ? (
        <p className={styles.text}>
          {connection?.status_reason ? `${connection.status_reason}. ` : ''}
          {canManage
            ? connection?.status === 'pending'
              ? `Approval on ${label} was started but not finished. Connect again to continue.`
              : `Connect your ${label} account to list products there, keep quantities in step with your stock and import its orders.`
            : connection?.status === 'pending'
              ? `Approval on ${label} was started but not finished. ${ownerConnectsNote}`
              : `Once ${label} is connected, products are listed there, quantities follow your stock and its orders come in. ${ownerConnectsNote}`}
        </p>
      ) : (
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt className={styles.term}>Account</dt>
            <dd className={styles.value}>{live.account_name ?? live.account_id ?? '—'}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.term}>Token expires</dt>
            <dd className={styles.value}>
              {live.token_expires_at === null
                ? 'Never'
                : `${formatWhen(live.token_expires_at, '')}, ${live.status === 'connected' ? 'renewed automatically' : 'not renewed until you reconnect'}`}
            </dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.term}>Last sync</dt>
            <dd className={styles.value}>{formatWhen(live.last_sync_at, 'Not yet')}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.term}>Connected on</dt>
            <dd className={styles.value}>{formatWhen(live.connected_at, '—')}</dd>
          </div>
        </dl>
      )}

      {live !== null && live.settings.setup_needed.length > 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>Finish setting up {label}</MessageBarTitle>
            Listings cannot go live until you do:
            <ul className={styles.list}>
              {live.settings.setup_needed.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : null}

      {live !== null && live.last_error !== null && live.status === 'connected' ? (
        <MessageBar intent="warning">
          <MessageBarBody>{live.last_error}</MessageBarBody>
        </MessageBar>
      ) : null}

      {live !== null && !canManage ? (
        <ReadOnlyMapping connection={live} label={label} locationNames={chosenLocations.map((l) => l.name)} />
      ) : null}

      {live !== null && canManage ? (
        <div className={styles.mapping}>
          <Field label="Sell stock from" hint="Our locations whose available stock this channel shows. None chosen: all of them.">
            <Dropdown
              className={styles.fill}
              multiselect
              disabled={update.isPending}
              placeholder="All locations"
              selectedOptions={live.settings.location_ids}
              value={chosenLocations.map((l) => l.name).join(', ')}
              onOptionSelect={(_, data) => save({ location_ids: data.selectedOptions }, 'Locations saved')}
            >
              {(locations.data ?? [])
                .filter((l) => !l.archived)
                .map((l) => (
                  <Option key={l.id} value={l.id}>
                    {l.name}
                  </Option>
                ))}
            </Dropdown>
          </Field>
          <Field label={`Stock sits at on ${label}`} hint={`The ${label} location Tradepost sets quantities at.`}>
            <Dropdown
              className={styles.fill}
              disabled={update.isPending || live.settings.external_locations.length === 0}
              placeholder={live.settings.external_locations.length === 0 ? `No locations on ${label}` : 'Choose a location'}
              selectedOptions={live.settings.external_location_id ? [live.settings.external_location_id] : []}
              value={live.settings.external_locations.find((l) => l.id === live.settings.external_location_id)?.name ?? ''}
              onOptionSelect={(_, data) => {
                if (data.optionValue && data.optionValue !== live.settings.external_location_id)
                  save({ external_location_id: data.optionValue }, `${label} location saved`);
              }}
            >
              {live.settings.external_locations.map((l) => (
                <Option key={l.id} value={l.id}>
                  {l.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          {live.settings.ebay ? (
            <div className={styles.fact}>
              <span className={styles.term}>Business policies</span>
              <p className={styles.value}>{ebayPoliciesText(live.settings.ebay)}</p>
            </div>
          ) : null}
        </div>
      ) : null}

      <FormErrorAlert message={general} />

      <div className={styles.actions}>
        {canManage && live === null ? connectButton : null}
        {canManage && live !== null ? (
          <Button
            appearance={live.status === 'reconnect_needed' ? 'primary' : 'secondary'}
            icon={<ArrowSyncRegular />}
            disabled={reconnect.isPending}
            onClick={() => startReconnect(live)}
          >
            Reconnect
          </Button>
        ) : null}
        {canManage && connection !== null && connection.status !== 'disconnected' && connection.status !== 'pending' ? (
          <Button icon={<LinkDismissRegular />} onClick={() => setConfirming(connection)}>
            Disconnect
          </Button>
        ) : null}
        {connection?.settings.webhook_url ? (
          <span className={styles.term}>
            <LinkRegular aria-hidden="true" /> Order notifications on
          </span>
        ) : null}
      </div>
      {!canManage && live !== null ? <p className={styles.note}>Only the owner can change, reconnect or disconnect marketplaces.</p> : null}

      {canManage && connecting ? <ConnectDialog scope={scope} entry={entry} onClose={() => setConnecting(false)} /> : null}
      <ConfirmDialog
        subject={confirming}
        title={() => `Disconnect ${label}?`}
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        refusal={refusal}
        onDismiss={() => {
          setConfirming(null);
          setRefusal(null);
        }}
        onConfirm={(target) =>
          disconnect.mutate(
            { connectionId: target.id },
            {
              onSuccess: () => {
                setConfirming(null);
                toast({ intent: 'success', title: `${label} disconnected`, body: 'Stock sync is off; your listings’ history stays.' });
              },
              onError: (error) => setRefusal(apiFormErrors(error, [], `${label} could not be disconnected.`).general ?? null),
            },
          )
        }
      >
        {(target) => (
          <p className={styles.text}>
            Tradepost stops syncing stock and importing orders from {target.account_name ?? label} and forgets its access. Listings on{' '}
            {label} stay as they are; you can connect again at any time.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
