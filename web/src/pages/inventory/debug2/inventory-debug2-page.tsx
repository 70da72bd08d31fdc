import { makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { BranchForkRegular, HistoryRegular, MailInboxRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import { useChosenVariant, VariantChooserSection } from '../../../features/inventory/variant-chooser.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useVariantSyncState } from '../../../features/sync/use-sync-health.ts';
import { JobsTable, ListingStates, SyncLogTable, WebhooksTable } from './sync-state-tables.tsx';

const useStyles = makeStyles({
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '12px' },
});

/** inventory/debug2: the raw marketplace sync state of one size — pushed, seen, pushable now, its log, jobs and notifications. */
export function InventoryDebug2Page() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const toast = useAppToast();
  const chooser = useChosenVariant(scope);
  const { variantId, variant, label } = chooser;
  const state = useVariantSyncState(scope, variantId);
  const findByCode = useVariantByCode(scope);
  const currency = scope?.currency ?? 'USD';

  // A scan anywhere on the page opens that size's state.
  useScanHandler((code) => {
    void findByCode(code).then((found) => {
      if (found === null) toast({ intent: 'warning', title: 'No size has that code', body: code });
      else chooser.open(found.productId, found.variantId);
    });
  });

  const data = state.data;

  return (
    <AppPage
      title="Channel Sync State"
      description="What each marketplace was last told about a size, what it showed at the last check, and what Tradepost would send now."
      wide
      actions={
        <ButtonLink to="/sync-health" appearance="secondary">
          Sync health
        </ButtonLink>
      }
    >
      <VariantChooserSection
        id="sync-variant"
        scope={scope}
        chooser={chooser}
        fallbackTitle={data?.variant.title ?? 'Size'}
        detail={data === undefined ? '' : ` · SKU ${data.variant.sku} · ${data.variant.available} available`}
        optionText={(v, size) => `${size} — ${v.available} available`}
        pickerHint="Title, style code, SKU or barcode. Scanning a size's barcode opens it directly."
        onRefresh={() => void state.refetch()}
        refreshDisabled={variantId === null || state.isFetching}
      />

      {variantId === null ? null : state.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading the sync state…
        </p>
      ) : state.isError || data === undefined ? (
        <LoadFailed subject="The sync state of this size" onRetry={() => void state.refetch()} retrying={state.isFetching} />
      ) : (
        <>
          <PageSection
            id="sync-channels"
            title="Per marketplace"
            icon={<BranchForkRegular />}
            description={`Size ${label(data.variant.size, data.variant.size_format)}: what we pushed and when, what the platform showed, and what a push would send now. Red marks a difference.`}
          >
            {data.listings.length === 0 ? (
              <div className={styles.empty}>
                <p className={styles.muted}>
                  {variant ? `Size ${label(variant.size)}` : 'This size'} is not listed on any marketplace yet.
                </p>
                <ButtonLink to={`/listings/inventory-control?q=${encodeURIComponent(data.variant.sku)}`} appearance="primary">
                  List it in Listings Control
                </ButtonLink>
              </div>
            ) : (
              <ListingStates listings={data.listings} currency={currency} />
            )}
          </PageSection>
          <PageSection
            id="sync-log"
            title="Sync log"
            icon={<HistoryRegular />}
            description="The last 50 calls about this size, newest first."
          >
            {data.log.length === 0 ? (
              <p className={styles.muted}>Nothing was sent or received for this size yet.</p>
            ) : (
              <SyncLogTable log={data.log} currency={currency} />
            )}
          </PageSection>
          <PageSection
            id="sync-jobs"
            title="Queued and recent jobs"
            icon={<TaskListSquareLtrRegular />}
            description="Pushes waiting, running, or finished in the last hour."
          >
            {data.jobs.length === 0 ? <p className={styles.muted}>No push is waiting for this size.</p> : <JobsTable jobs={data.jobs} />}
          </PageSection>
          <PageSection
            id="sync-webhooks"
            title="Notifications"
            icon={<MailInboxRegular />}
            description="Marketplace notifications of the last 30 days that sold this size or named its SKU."
          >
            {data.webhooks.length === 0 ? (
              <p className={styles.muted}>No marketplace notification concerned this size.</p>
            ) : (
              <WebhooksTable webhooks={data.webhooks} />
            )}
          </PageSection>
        </>
      )}
    </AppPage>
  );
}
