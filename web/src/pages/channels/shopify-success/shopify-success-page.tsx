import { Badge, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { BeakerRegular, BoxMultipleRegular, CheckmarkCircleRegular, SettingsRegular } from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useSearchParams } from 'react-router-dom';
import { useConnections } from '../../../features/connections/use-connections.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  facts: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  shop: { ...typographyStyles.subtitle2, margin: 0, overflowWrap: 'anywhere' },
  steps: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '14px' },
  step: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2 },
  stepTitle: { ...typographyStyles.body1Strong, display: 'block', color: tokens.colorNeutralForeground1, marginBottom: '6px' },
  done: { color: tokens.colorPaletteGreenForeground1 },
});

/** shopify-success: where Shopify's install sends the seller back, with the store and what to do next. */
export function ShopifySuccessPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const [params] = useSearchParams();
  const connections = useConnections(scope);
  const shopify = connections.data?.find((c) => c.platform === 'shopify')?.connection ?? null;
  const shop = params.get('shop') ?? shopify?.shop_domain ?? 'your store';
  const connected = shopify?.status === 'connected';

  return (
    <AppPage title="Shopify connected" description={`Tradepost now keeps ${shop} in step with your stock.`}>
      <PageSection
        id="shopify-store"
        title={shopify?.account_name ?? shop}
        icon={<CheckmarkCircleRegular className={styles.done} />}
        description={shop}
      >
        {connections.isError ? (
          <LoadFailed subject="The connection" onRetry={() => void connections.refetch()} retrying={connections.isFetching} />
        ) : null}
        {connections.data === undefined && !connections.isError ? <Spinner size="tiny" label="Checking the connection…" /> : null}
        {shopify === null ? null : (
          <div className={styles.facts}>
            <Badge appearance="filled" color={connected ? 'success' : 'danger'}>
              {connected ? 'Connected' : 'Not connected'}
            </Badge>
            {shopify.simulator ? (
              <Badge appearance="tint" color="warning" icon={<BeakerRegular />}>
                Simulator
              </Badge>
            ) : null}
            <p className={styles.shop}>
              {shopify.settings.external_locations.length === 1
                ? '1 Shopify location'
                : `${shopify.settings.external_locations.length} Shopify locations`}
            </p>
          </div>
        )}
        {shopify !== null && !connected ? (
          <FormErrorAlert message={shopify.status_reason ?? 'Shopify is not connected. Open Sales channels to connect it again.'} />
        ) : null}
      </PageSection>
      <PageSection id="shopify-next" title="Next steps" description="What to do next.">
        <ol className={styles.steps}>
          <li className={styles.step}>
            <span className={styles.stepTitle}>List your products on Shopify</span>
            Choose which products and sizes sell on Shopify; quantities follow your stock from then on.
            <div>
              <ButtonLink to="/listings/inventory-control" appearance="primary" icon={<BoxMultipleRegular />}>
                List products
              </ButtonLink>
            </div>
          </li>
          <li className={styles.step}>
            <span className={styles.stepTitle}>Check the channel’s settings</span>
            Which of your locations Shopify sells from, the Shopify location stock is set at, and a buffer so the last pair is never sold
            twice.
            <div>
              <ButtonLink to="/sales-channels-management#shopify" icon={<SettingsRegular />}>
                Channel settings
              </ButtonLink>
            </div>
          </li>
        </ol>
      </PageSection>
    </AppPage>
  );
}
