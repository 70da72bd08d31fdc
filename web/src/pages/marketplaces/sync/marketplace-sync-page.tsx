import { makeStyles } from '@fluentui/react-components';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { MarketplaceProductsView } from '../../../features/batch-operations/marketplace-products-view.tsx';
import { useRefreshOnFinishedBatches } from '../../../features/batch-operations/use-batch-operations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 } });

const texts = {
  shopify: {
    title: 'Shopify Sync',
    description:
      'Every product and its state on Shopify. Select products to list them (with all their sizes and stock), push stock now, or end them.',
    overview: '/shopify',
  },
  square: {
    title: 'Square Sync',
    description: 'Every product and its state in your Square catalog. Select products to list them, push stock now, or take them off.',
    overview: '/square-dashboard',
  },
} as const;

function MarketplaceSyncPage({ platform }: { platform: Exclude<MarketplacePlatform, 'ebay'> }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  useRefreshOnFinishedBatches(scope);
  const text = texts[platform];
  return (
    <AppPage
      title={text.title}
      description={text.description}
      wide
      actions={
        <ButtonLink to={text.overview} appearance="secondary">
          Overview
        </ButtonLink>
      }
    >
      <div className={styles.body}>
        <MarketplaceProductsView
          scope={scope}
          platform={platform}
          mode="sync"
          productHref={(id) => `/products/${id}/configure`}
          actions={['list', 'quantity', 'price', 'end', 'relist']}
        />
      </div>
    </AppPage>
  );
}

/** shopify-sync (behind the Shopify-enabled guard). */
export function ShopifySyncPage() {
  return <MarketplaceSyncPage platform="shopify" />;
}

/** square-sync. */
export function SquareSyncPage() {
  return <MarketplaceSyncPage platform="square" />;
}
