import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, ArrowSwapRegular, BoxRegular, ClipboardTaskListLtrRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { formatCount, MoneyFigure, StatCard, StatGrid, StatGridLoading } from '../../../features/inventory/inventory-figures.tsx';
import { useInventorySummary } from '../../../features/inventory/use-inventory-summary.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { StockGridSection } from './stock-grid-section.tsx';

const useStyles = makeStyles({
  links: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  list: {
    ...typographyStyles.body1,
    margin: 0,
    paddingInlineStart: '20px',
    color: tokens.colorNeutralForeground2,
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
  },
});

/** inventory: the figures of the stock ledger, stock by location, and the way to the screens that change stock. */
export function InventoryPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const summary = useInventorySummary(scope);
  const currency = scope?.currency ?? 'USD';
  const data = summary.data;

  return (
    <AppPage
      title="Inventory"
      description="Stock across all your locations, from the stock ledger."
      wide
      actions={
        <div className={styles.links}>
          <ButtonLink to="/products" icon={<BoxRegular />}>
            Products
          </ButtonLink>
          <ButtonLink to="/inventory/transfer" icon={<ArrowSwapRegular />}>
            Transfers
          </ButtonLink>
          <ButtonLink to="/inventory/counts" icon={<TaskListSquareLtrRegular />}>
            Counts
          </ButtonLink>
          <ButtonLink to="/inventory/adjustments" appearance="primary" icon={<AddRegular />}>
            Adjust stock
          </ButtonLink>
        </div>
      }
    >
      {data !== undefined ? (
        <>
          <StatGrid label="Stock">
            <StatCard
              label="Units on hand"
              value={formatCount(data.units_on_hand)}
              hint={`${formatCount(data.units_available)} available to sell`}
            />
            <StatCard
              label="Sizes in stock"
              value={formatCount(data.variants_in_stock)}
              hint={`Across ${formatCount(data.products)} active products`}
            />
            <StatCard label="Locations" value={formatCount(data.locations)} />
            <StatCard
              label="Units without cost"
              value={formatCount(data.units_without_cost)}
              hint={data.units_without_cost > 0 ? 'Added without a unit cost' : 'Every unit has a cost'}
            />
          </StatGrid>
          <StatGrid label="Value">
            <StatCard
              label="Value at cost"
              value={<MoneyFigure cents={data.value_at_cost_cents} currency={currency} />}
              hint="Remaining FIFO cost lots"
            />
            <StatCard
              label="Value at price"
              value={<MoneyFigure cents={data.value_at_price_cents} currency={currency} />}
              hint="On hand × each size's price"
            />
            <StatCard
              label="Potential margin"
              value={<MoneyFigure cents={data.value_at_price_cents - data.value_at_cost_cents} currency={currency} />}
              hint={data.units_without_cost > 0 ? 'Overstated while units lack a cost' : 'Value at price − value at cost'}
            />
            <StatCard label="Products" value={formatCount(data.products)} hint="Active in your catalog" />
          </StatGrid>
        </>
      ) : summary.isError ? (
        <LoadFailed subject="The inventory figures" onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      ) : (
        <>
          <StatGridLoading />
          <StatGridLoading />
        </>
      )}

      <StockGridSection scope={scope} />

      <PageSection id="inventory-tools" title="Work with stock" icon={<ClipboardTaskListLtrRegular />}>
        <ul className={styles.list}>
          <li>
            <RouterLink to="/inventory/adjustments">Adjustments</RouterLink> — add received stock with its cost, or take out damaged, lost
            or returned units.
          </li>
          <li>
            <RouterLink to="/products">Products</RouterLink> — search the catalog and see the stock of every size.
          </li>
          <li>
            <RouterLink to="/add-product">Add product</RouterLink> — find a product by name or scan, or create a new one.
          </li>
          <li>
            <RouterLink to="/inventory/debug">Stock ledger</RouterLink> — a size's movements, cost lots and a check that levels agree.
          </li>
        </ul>
      </PageSection>

      <PageSection id="inventory-moves" title="Transfers and counts" icon={<ArrowSwapRegular />}>
        <ul className={styles.list}>
          <li>
            <RouterLink to="/inventory/transfer">Transfers</RouterLink> — send stock from one location to another and receive it, all at
            once or part by part, by scanning or by hand.
          </li>
          <li>
            <RouterLink to="/inventory/counts">Inventory counts</RouterLink> — count a location with a scanner or by hand, review the
            variance and post it to the stock ledger.
          </li>
        </ul>
        <div className={styles.links}>
          <ButtonLink to="/inventory/transfer" icon={<ArrowSwapRegular />}>
            Transfers
          </ButtonLink>
          <ButtonLink to="/inventory/counts" icon={<TaskListSquareLtrRegular />}>
            Inventory counts
          </ButtonLink>
        </div>
      </PageSection>
    </AppPage>
  );
}
