import { Button, makeStyles, mergeClasses, Spinner, Tooltip, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowSyncRegular, DismissCircleRegular, OptionsRegular, ShareRegular } from '@fluentui/react-icons';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { InventoryControlRow, Listing, ListingConnection } from '@tradepost/shared/schemas/listings.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { ChannelIcon } from '../../../features/channels/channel-icon.tsx';
import { platformLabels } from '../../../features/connections/connection-labels.ts';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { ListingStatusBadge } from '../../../features/sync/sync-badges.tsx';
import { listingFix } from './listing-fix.ts';

const useStyles = makeStyles({
  cell: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minWidth: 0,
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  listed: { backgroundColor: tokens.colorNeutralBackground1 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' },
  platform: {
    ...typographyStyles.caption1Strong,
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    color: tokens.colorNeutralForeground2,
  },
  sizes: { display: 'flex', flexWrap: 'wrap', gap: '4px', margin: 0, padding: 0, listStyle: 'none' },
  size: {
    ...typographyStyles.caption1,
    padding: '1px 6px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontVariantNumeric: 'tabular-nums',
  },
  zero: { color: tokens.colorNeutralForeground4, textDecorationLine: 'line-through' },
  overrides: { ...typographyStyles.caption1, margin: 0, color: tokens.colorBrandForeground1 },
  error: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  muted: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '4px', marginTop: 'auto' },
});

type Props = {
  row: InventoryControlRow;
  connection: ListingConnection;
  listing: Listing | undefined;
  currency: string;
  /** This cell's list or update call is running. */
  pending: boolean;
  /** Why the last list attempt from this screen was refused (not stored by the server: bad settings). */
  refusal: string | null;
  onList: () => void;
  onEnd: () => void;
  onOverrides: () => void;
};

/** One product on one marketplace: its state, listed quantity per size, overrides, last error and what can be done. */
export function ListingCell({ row, connection, listing, currency, pending, refusal, onList, onEnd, onOverrides }: Props) {
  const styles = useStyles();
  const platform = platformLabels[connection.platform];
  const usable = connection.status === 'connected';
  const active = listing?.status === 'active';
  const label = (size: string) => (isSizeFormatId(row.size_format) ? sizeLabel(row.size_format, size) : size);
  const sizes = row.variants.flatMap((variant) => {
    const listed = listing?.variants.find((v) => v.variant_id === variant.id);
    return listed ? [{ id: variant.id, size: variant.size, title: label(variant.size), quantity: listed.pushed_quantity }] : [];
  });
  const ownPrices = listing?.variants.filter((v) => v.price_override_cents !== null).length ?? 0;
  const overrides = [
    listing?.price_override_cents != null ? `Price ${formatMoney(listing.price_override_cents, currency)}` : null,
    ownPrices > 0 ? `${ownPrices} size price${ownPrices === 1 ? '' : 's'}` : null,
    listing?.quantity_cap != null ? `Cap ${listing.quantity_cap}` : null,
    listing?.quantity_buffer != null ? `Buffer ${listing.quantity_buffer}` : null,
  ].filter((text): text is string => text !== null);
  const error = refusal ?? listing?.last_error ?? listing?.variants.find((v) => v.last_error)?.last_error ?? null;
  const fix = listingFix({ platform: connection.platform, productId: row.product_id, hasPhoto: row.image !== null, error });
  const name = `${row.title} on ${platform}`;

  return (
    <section className={mergeClasses(styles.cell, active && styles.listed)} aria-label={name}>
      <div className={styles.head}>
        <span className={styles.platform}>
          <ChannelIcon kind={connection.platform} /> {platform}
        </span>
        <ListingStatusBadge status={listing?.status ?? 'none'} />
      </div>
      {active && sizes.length > 0 ? (
        <ul className={styles.sizes} aria-label={`Listed quantity per size on ${platform}`}>
          {sizes.map((size) => (
            <li
              key={size.id}
              className={mergeClasses(styles.size, size.quantity === 0 && styles.zero)}
              title={`${size.title}: ${size.quantity ?? 'not sent yet'} on ${platform}`}
            >
              {size.size} · {size.quantity ?? '—'}
            </li>
          ))}
        </ul>
      ) : null}
      {overrides.length > 0 ? <p className={styles.overrides}>{overrides.join(' · ')}</p> : null}
      {error ? (
        <p className={styles.error} role={refusal ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
      {fix ? (
        <p className={styles.muted}>
          {error ? null : `${platform} needs at least one photo of the product. `}
          <RouterLink to={fix.to}>{fix.label}</RouterLink>
        </p>
      ) : null}
      {usable ? null : (
        <p className={styles.muted}>
          {platform} needs attention: <RouterLink to="/sales-channels-management">open Sales channels</RouterLink>.
        </p>
      )}
      <div className={styles.actions}>
        {active ? (
          <>
            <Tooltip content={`Send title, photos, sizes and prices to ${platform} again`} relationship="description">
              <Button
                size="small"
                icon={pending ? <Spinner size="extra-tiny" /> : <ArrowSyncRegular />}
                disabled={!usable || pending}
                onClick={onList}
                aria-label={`Update ${name}`}
              >
                Update
              </Button>
            </Tooltip>
            <Button size="small" icon={<OptionsRegular />} onClick={onOverrides} aria-label={`Overrides for ${name}`}>
              Overrides
            </Button>
            <Button size="small" icon={<DismissCircleRegular />} disabled={!usable} onClick={onEnd} aria-label={`End ${name}`}>
              End
            </Button>
          </>
        ) : (
          <Button
            size="small"
            appearance="primary"
            icon={pending ? <Spinner size="extra-tiny" /> : <ShareRegular />}
            disabled={!usable || pending}
            onClick={onList}
            aria-label={`List ${name}`}
          >
            {pending ? 'Listing…' : listing?.status === 'ended' ? 'Relist' : 'List'}
          </Button>
        )}
      </div>
    </section>
  );
}
