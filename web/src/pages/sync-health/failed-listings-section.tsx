import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { FailedListing } from '@tradepost/shared/schemas/sync.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { RouterLink } from '../../features/navigation/router-link.tsx';

const useStyles = makeStyles({
  title: { ...typographyStyles.subtitle2, margin: 0 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  sub: { ...typographyStyles.caption1, display: 'block', color: tokens.colorNeutralForeground3 },
  message: { overflowWrap: 'anywhere', color: tokens.colorPaletteRedForeground1 },
  box: { maxHeight: '320px', overflowY: 'auto', marginTop: '8px' },
});

/** Listings on one marketplace whose last call failed: the product, when, and what the platform said. */
export function FailedListingsSection({
  connectionId,
  platform,
  listings,
}: {
  connectionId: string;
  platform: string;
  listings: FailedListing[];
}) {
  const styles = useStyles();
  const table = useTableStyles();
  const titleId = `failed-listings-${connectionId}`;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        Failed listings{listings.length > 0 ? ` (${listings.length})` : ''}
      </h3>
      {listings.length === 0 ? (
        <p className={styles.muted}>Every listing on {platform} went through.</p>
      ) : (
        <div className={styles.box}>
          <DataTable
            label={`${platform} listings whose last call failed`}
            head={
              <>
                <th className={table.th}>Product</th>
                <th className={table.th}>When</th>
                <th className={table.th}>What {platform} said</th>
              </>
            }
          >
            {listings.map((listing) => (
              <tr key={listing.listing_id}>
                <td className={table.td}>
                  <RouterLink to={`/products/${listing.product_id}/configure`}>{listing.title}</RouterLink>
                  <span className={styles.sub}>
                    {listing.status === 'active' ? 'Still live; the last change did not reach it' : 'Not listed'}
                  </span>
                </td>
                <td className={`${table.td} ${table.nowrap}`}>{formatWhen(listing.failed_at)}</td>
                <td className={`${table.td} ${styles.message}`}>{listing.message}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
