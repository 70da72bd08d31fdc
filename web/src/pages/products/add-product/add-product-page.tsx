import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, BarcodeScannerRegular } from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useNavigate } from 'react-router-dom';
import { ProductPicker } from '../../../features/catalog/product-picker.tsx';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  create: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

const addStockPath = (productId: string) => `/inventory/adjustments?product=${encodeURIComponent(productId)}`;

/** add-product: find the product first (text or a scan) so stock lands on it, and create a new one only when it is not there. */
export function AddProductPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const navigate = useNavigate();
  const lookup = useVariantByCode(scope);
  const scan = useScanFeedback();

  // A scan anywhere on the page (or with the camera) finds the product and goes on to adding stock.
  const onCode = (code: string) => {
    void lookup(code).then(
      (info) => {
        if (info === null) {
          scan.error(`No product in your catalog has the barcode ${code}. Create it below with this barcode.`);
          return;
        }
        scan.success(`Found ${info.title}, ${info.size}`);
        navigate(addStockPath(info.productId));
      },
      () => scan.error(`Could not look up ${code}. Check your connection and scan again.`),
    );
  };
  useScanHandler(onCode);

  return (
    <AppPage title="Add product" description="Find the product in your catalog, or scan its barcode, then add stock to it.">
      <PageSection
        id="find-product"
        title="Find in your catalog"
        icon={<BarcodeScannerRegular />}
        description="Type a title, style code or SKU, or scan a barcode. A scan with one match goes straight to adding stock."
        aside={<CameraScanButton onScan={onCode} />}
      >
        <ScanFeedbackBar feedback={scan.feedback} flashing={scan.flashing} />
        <ProductPicker
          scope={scope}
          autoFocus
          label="Search products"
          onPick={(product) => navigate(addStockPath(product.id))}
          renderAction={(product) => (
            <ButtonLink to={addStockPath(product.id)} appearance="primary" icon={<AddRegular />}>
              Add stock
            </ButtonLink>
          )}
          empty={
            <p className={styles.empty}>Nothing in your catalog matches. Check the spelling or the code, or create the product below.</p>
          }
        />
      </PageSection>
      <PageSection id="new-product" title="Not in your catalog?" icon={<AddRegular />}>
        <div className={styles.create}>
          <p className={styles.text}>Create it with its sizes, SKUs and barcodes, then add stock.</p>
          <ButtonLink to="/products/create-custom" icon={<AddRegular />}>
            Create a new product
          </ButtonLink>
        </div>
      </PageSection>
    </AppPage>
  );
}
