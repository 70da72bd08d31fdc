import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import type { FailedOrder } from '@tradepost/shared/schemas/sales.ts';
import { useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { ProductPicker } from '../../../features/catalog/product-picker.tsx';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import type { VariantInfo } from '../../../features/catalog/variant-info.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { SizeMenu } from '../../../features/sales/size-menu.tsx';
import { useMapSku } from '../../../features/sales/use-failed-orders.ts';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 24px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '14px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  sku: { fontFamily: tokens.fontFamilyMonospace },
  picker: { maxHeight: '340px', overflowY: 'auto', paddingInlineEnd: '4px' },
  chosen: {
    ...typographyStyles.body1Strong,
    margin: 0,
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

type MapSkuDialogProps = {
  scope: BusinessScope | undefined;
  order: FailedOrder;
  sku: string;
  onClose: () => void;
  onMapped: (choice: VariantInfo) => void;
};

/** Tells Tradepost which of our sizes a channel SKU means; the mapping holds for every later order too. */
export function MapSkuDialog({ scope, order, sku, onClose, onMapped }: MapSkuDialogProps) {
  const styles = useStyles();
  const map = useMapSku(scope);
  const feedback = useScanFeedback();
  const findByCode = useVariantByCode(scope);
  const [choice, setChoice] = useState<VariantInfo | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const currency = scope?.currency ?? 'USD';
  const title = order.payload.lines.find((line) => line.sku === sku)?.title;

  const onScan = async (code: string) => {
    const found = await findByCode(code).catch(() => null);
    if (found === null) {
      feedback.error(`No item has the barcode or SKU ${code}. Search by name instead.`);
      return;
    }
    setChoice(found);
    feedback.success(`${found.title}, size ${found.size}`);
  };
  useScanHandler((code) => void onScan(code));

  const onSubmit = () => {
    if (choice === null) {
      setError('Choose the size this SKU stands for.');
      return;
    }
    setError(undefined);
    map.mutate(
      { failedOrderId: order.id, external_sku: sku, variant_id: choice.variantId },
      {
        onSuccess: () => onMapped(choice),
        onError: (failure) => {
          const result = fieldErrors(failure, () => false, 'The SKU could not be mapped.');
          setError(result.general);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>
            Map SKU <span className={styles.sku}>{sku}</span>
          </DialogTitle>
          <DialogContent className={styles.content}>
            <p className={styles.text}>
              {order.channel.name} calls this item <span className={styles.sku}>{sku}</span>
              {title ? ` (“${title}”)` : ''}. Choose the product and size it is in your catalog, or scan its barcode.
            </p>
            <div className={styles.tools}>
              <CameraScanButton onScan={(code) => void onScan(code)} />
            </div>
            <ScanFeedbackBar feedback={feedback.feedback} flashing={feedback.flashing} />
            {choice === null ? null : (
              <p className={styles.chosen} aria-live="polite">
                {sku} → {choice.title}, size {choice.size} ({choice.sku})
              </p>
            )}
            <div className={styles.picker}>
              <ProductPicker
                scope={scope}
                pickSingleOnEnter={false}
                label="Search products"
                hint="Title, style code, SKU or barcode."
                renderAction={(product) => (
                  <SizeMenu
                    product={product}
                    currency={currency}
                    label="Choose size"
                    onChoose={(picked) => {
                      setChoice(picked);
                      setError(undefined);
                    }}
                  />
                )}
              />
            </div>
            <FormErrorAlert message={error} />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              icon={map.isPending ? <Spinner size="tiny" /> : undefined}
              disabledFocusable={map.isPending}
              onClick={onSubmit}
            >
              Map SKU
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
