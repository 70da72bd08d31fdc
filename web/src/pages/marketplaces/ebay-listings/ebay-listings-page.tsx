import { makeStyles } from '@fluentui/react-components';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { MarketplaceProductsView } from '../../../features/batch-operations/marketplace-products-view.tsx';
import { useRefreshOnFinishedBatches } from '../../../features/batch-operations/use-batch-operations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 } });

/** ebay-listings: our eBay listings; select many to end, relist or change their price as one batch. */
export function EbayListingsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  useRefreshOnFinishedBatches(scope);
  return (
    <AppPage
      title="eBay Listings"
      description="Everything Tradepost has listed on eBay, per size. Select listings to end, relist or reprice them together: the change runs as a batch with a result per item."
      wide
      actions={
        <ButtonLink to="/batch-operations?platform=ebay" appearance="secondary">
          Batch operations
        </ButtonLink>
      }
    >
      <div className={styles.body}>
        <MarketplaceProductsView
          scope={scope}
          platform="ebay"
          mode="listings"
          productHref={(id) => `/ebay/products/${id}`}
          actions={['price', 'end', 'relist', 'quantity']}
        />
      </div>
    </AppPage>
  );
}
