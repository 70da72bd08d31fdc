import { makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { CheckmarkCircleRegular, HistoryRegular, StackRegular } from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { useVariantLedger } from '../../../features/inventory/use-variant-ledger.ts';
import { useChosenVariant, VariantChooserSection } from '../../../features/inventory/variant-chooser.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { LotsTable, locationNames, MovementsTable, ReconciliationTable } from './ledger-tables.tsx';

const useStyles = makeStyles({
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  verdictOk: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteGreenForeground1 },
  verdictBad: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteRedForeground1 },
});

/** inventory/debug: one size's reconciliation per location, its movement history and its FIFO cost lots. */
export function InventoryDebugPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const chooser = useChosenVariant(scope, { preferInStock: true });
  const { variantId, variant } = chooser;
  const ledger = useVariantLedger(scope, variantId);
  const locations = useLocations(scope);
  const names = locationNames(locations.data);
  const currency = scope?.currency ?? 'USD';

  const mismatches = ledger.data?.reconciliation.filter((row) => !row.matches).length ?? 0;

  return (
    <AppPage
      title="Stock ledger"
      description="Check that a size's stock levels agree with its movements, and see where its stock and cost came from."
      wide
      actions={
        <ButtonLink to="/inventory/adjustments" appearance="primary">
          Adjust stock
        </ButtonLink>
      }
    >
      <VariantChooserSection
        id="ledger-variant"
        scope={scope}
        chooser={chooser}
        fallbackTitle={`Size ${chooser.variantParam ?? ''}`}
        detail={variant === undefined ? '' : ` · SKU ${variant.sku}`}
        optionText={(v, size) => `${size} — ${v.on_hand} on hand`}
        onRefresh={() => void ledger.refetch()}
        refreshDisabled={variantId === null}
      />

      {variantId === null ? null : ledger.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading the ledger…
        </p>
      ) : ledger.isError ? (
        <LoadFailed subject="The ledger of this size" onRetry={() => void ledger.refetch()} retrying={ledger.isFetching} />
      ) : (
        <>
          <PageSection
            id="ledger-reconciliation"
            title="Reconciliation"
            icon={<CheckmarkCircleRegular />}
            description="Each location's stored level beside the sum of its movements."
            aside={
              ledger.data.reconciliation.length === 0 ? undefined : (
                <p className={mismatches === 0 ? styles.verdictOk : styles.verdictBad}>
                  {mismatches === 0
                    ? '✓ All locations agree'
                    : `✗ ${mismatches} ${mismatches === 1 ? 'location differs' : 'locations differ'}`}
                </p>
              )
            }
          >
            <ReconciliationTable ledger={ledger.data} names={names} />
          </PageSection>
          <PageSection
            id="ledger-movements"
            title="Movement history"
            icon={<HistoryRegular />}
            description="Newest first. Movements are never edited or deleted."
          >
            <MovementsTable ledger={ledger.data} names={names} />
          </PageSection>
          <PageSection
            id="ledger-lots"
            title="FIFO cost lots"
            icon={<StackRegular />}
            description="Oldest first: sales use up the oldest lot first."
          >
            <LotsTable ledger={ledger.data} currency={currency} />
          </PageSection>
        </>
      )}
    </AppPage>
  );
}
