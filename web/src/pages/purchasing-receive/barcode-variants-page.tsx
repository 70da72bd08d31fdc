import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { type PurchaseOrder, purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { ProductPicker } from '../../features/catalog/product-picker.tsx';
import { variantInfos } from '../../features/catalog/variant-info.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { progressText, type ReceiveScanEntry, receivedEntry, type ScannerHandover, scanRefusal } from './receive-scan-model.ts';
import { useReceiveStyles } from './receive-styles.ts';
import { usePurchaseOrder, useReceiveApi } from './use-receive-api.ts';

/**
 * purchase-orders/{id}/barcode-variants?barcode=…&location=…: an unknown barcode met at the
 * receiving desk is given to a size (the order's sizes first, any size of the catalog after), kept
 * on that size for every later scan, and the unit in hand is received before going back.
 */
export function BarcodeVariantsPage() {
  const styles = useReceiveStyles();
  const { purchaseOrderId = '' } = useParams();
  const [params] = useSearchParams();
  const barcode = (params.get('barcode') ?? '').trim();
  const scope = useBusinessScope();
  const order = usePurchaseOrder(scope, purchaseOrderId);
  const scannerPath = `/purchase-orders/${encodeURIComponent(purchaseOrderId)}/upc-scanner${params.get('location') ? `?location=${encodeURIComponent(params.get('location') ?? '')}` : ''}`;

  if (order.data === undefined || barcode === '') {
    return (
      <div className={styles.page}>
        <ButtonLink to={scannerPath} icon={<ArrowLeftRegular />}>
          Back to the scanner
        </ButtonLink>
        {barcode === '' ? (
          <MessageBar intent="warning">
            <MessageBarBody>No barcode to map. Scan the item again on the scanner.</MessageBarBody>
          </MessageBar>
        ) : order.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading purchase order…
          </p>
        ) : (
          <LoadFailed subject="The purchase order" onRetry={() => void order.refetch()} retrying={order.isFetching} />
        )}
      </div>
    );
  }
  return (
    <ChooseSize
      order={order.data}
      barcode={barcode}
      locationId={params.get('location') || order.data.location_id}
      scannerPath={scannerPath}
    />
  );
}

type Choice = { variantId: string; title: string; size: string };

function ChooseSize({
  order,
  barcode,
  locationId,
  scannerPath,
}: {
  order: PurchaseOrder;
  barcode: string;
  locationId: string;
  scannerPath: string;
}) {
  const styles = useReceiveStyles();
  const scope = useBusinessScope();
  const navigate = useNavigate();
  const { mapBarcode, scan } = useReceiveApi(scope, order.id);
  const [saving, setSaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const label = purchaseOrderLabel(order.number);
  const onOrder = new Set(order.lines.map((line) => line.variant_id));

  const choose = async (choice: Choice) => {
    setSaving(choice.variantId);
    setProblem(null);
    try {
      await mapBarcode({ barcode, variant_id: choice.variantId });
    } catch (error) {
      const refused = fieldErrors(error, () => false, 'The barcode was not saved. Try again.');
      setProblem(refused.message ?? refused.general ?? 'The barcode was not saved. Try again.');
      setSaving(null);
      return;
    }
    // The barcode is the size's now; the unit in hand is received as its scan would have been.
    let entry: ReceiveScanEntry;
    try {
      const result = await scan({ barcode, location_id: locationId, confirm_over_receipt: false });
      entry = receivedEntry(result, barcode) ?? { kind: 'refused', code: barcode, message: 'Received. Reload to see the line.' };
    } catch (error) {
      const action = scanRefusal(error, barcode, order);
      entry =
        action.kind === 'confirm-over-receipt'
          ? { kind: 'over-receipt', code: barcode, message: action.message }
          : {
              kind: 'refused',
              code: barcode,
              message: action.kind === 'refused' ? action.message : `Barcode ${barcode} is still unknown. Scan it again.`,
            };
    }
    const state: ScannerHandover = { entry };
    navigate(scannerPath, { state });
  };

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <ButtonLink to={scannerPath} icon={<ArrowLeftRegular />}>
          Back to the scanner
        </ButtonLink>
        <span className={styles.sub}>
          {label} · {order.seller_name}
        </span>
      </div>
      <div>
        <h1 className={styles.heading}>
          Barcode <span className={styles.barcode}>{barcode}</span> is not known. Which size is it?
        </h1>
        <p className={styles.sub}>The barcode is kept on the size you choose, so the next scan finds it, and this unit is received.</p>
      </div>
      {problem === null ? null : (
        <MessageBar intent="error">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}

      <h2 className={styles.listTitle}>Sizes on {label}</h2>
      <div className={styles.sizeGrid}>
        {order.lines.map((line) => (
          <Button
            key={line.id}
            className={styles.sizeButton}
            size="large"
            appearance={saving === line.variant_id ? 'primary' : 'secondary'}
            disabled={saving !== null}
            aria-label={`${line.product_title}, size ${line.size_label}`}
            onClick={() => void choose({ variantId: line.variant_id, title: line.product_title, size: line.size_label })}
          >
            <span className={styles.sizeButtonSize}>{line.size_label}</span>
            <span className={styles.sizeButtonTitle}>{line.product_title}</span>
            <span className={styles.sizeButtonMeta}>
              {line.sku === null ? '' : `${line.sku} · `}
              {progressText(line.quantity_received, line.quantity_ordered)}
            </span>
          </Button>
        ))}
      </div>
      {saving === null ? null : (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Saving the barcode and receiving the unit…
        </p>
      )}

      <h2 className={styles.listTitle}>Another size</h2>
      <ProductPicker
        scope={scope}
        label="Search the catalog"
        hint="Title, style code or SKU. A size that is not on the order is mapped, but not received."
        pickSingleOnEnter={false}
        renderAction={(product) => {
          // The order's own sizes are the big buttons above.
          const others = variantInfos(product).filter((info) => !onOrder.has(info.variantId));
          if (others.length === 0) return <span className={styles.sizeButtonMeta}>Every size is on the order, above</span>;
          return (
            <div className={styles.variantRow}>
              {others.map((info) => (
                <Button
                  key={info.variantId}
                  size="small"
                  disabled={saving !== null}
                  aria-label={`${info.title}, size ${info.size}`}
                  onClick={() => void choose({ variantId: info.variantId, title: info.title, size: info.size })}
                >
                  {info.size}
                </Button>
              ))}
            </div>
          );
        }}
      />
    </div>
  );
}
