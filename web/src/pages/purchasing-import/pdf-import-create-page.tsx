import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { ImportPreview } from '@tradepost/shared/schemas/purchase-import.ts';
import type { Vendor } from '@tradepost/shared/schemas/purchasing.ts';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { ProductPicker } from '../../features/catalog/product-picker.tsx';
import { variantInfos } from '../../features/catalog/variant-info.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../features/navigation/router-link.tsx';
import { createPurchaseOrderHref } from '../../features/purchasing/purchase-order-draft.ts';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import {
  importSearch,
  matchByHand,
  type ReviewLine,
  type ReviewMatch,
  readImportPlace,
  reviewLinesFrom,
  reviewState,
  setCostText,
  setDropped,
  setQuantityText,
} from './import-review-model.ts';
import { useImportStyles } from './import-styles.ts';
import { NO_TEXT_MESSAGE } from './pdf-import-page.tsx';
import { ReviewLinesTable } from './review-lines-table.tsx';
import { useImportPreview, useImportVendors } from './use-import-api.ts';

/**
 * purchase-orders/pdf-import/create?vendor=…&document=…[&rules=…]: every line of the document
 * matched to a size or flagged; flagged lines are matched by hand or dropped, quantities and costs
 * corrected, then the new purchase order opens with these lines filled in.
 */
export function PdfImportCreatePage() {
  const styles = useImportStyles();
  const scope = useBusinessScope();
  const [params] = useSearchParams();
  const place = readImportPlace(params);
  const vendors = useImportVendors(scope);
  const preview = useImportPreview(scope, place.documentId, place.vendorId, place.rules);
  const vendor = vendors.data?.items.find((v) => v.id === place.vendorId);
  const backTo = `/purchase-orders/pdf-import?${importSearch(place)}`;

  let body: ReactNode;
  if (place.vendorId === null || place.documentId === null) {
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>
          Nothing to review: <RouterLink to="/purchase-orders/pdf-import">upload a PDF</RouterLink> first.
        </MessageBarBody>
      </MessageBar>
    );
  } else if (preview.data === undefined || vendors.data === undefined) {
    const failed = preview.error ?? vendors.error;
    body =
      failed === null ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Reading the PDF…
        </p>
      ) : preview.error !== null ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {fieldErrors(preview.error, () => false, 'The PDF could not be read.').general}{' '}
            <RouterLink to={backTo}>Back to the import</RouterLink>
          </MessageBarBody>
        </MessageBar>
      ) : (
        <LoadFailed subject="The vendors" onRetry={() => void vendors.refetch()} retrying={vendors.isFetching} />
      );
  } else if (vendor === undefined) {
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>This vendor could not be found. Choose it again on the import.</MessageBarBody>
      </MessageBar>
    );
  } else if (!preview.data.has_text) {
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>
          {NO_TEXT_MESSAGE} <RouterLink to="/purchase-orders/create">New purchase order</RouterLink>
        </MessageBarBody>
      </MessageBar>
    );
  } else {
    body = <Review key={`${place.documentId}-${vendor.id}`} preview={preview.data} vendor={vendor} />;
  }

  return (
    <div className={styles.page}>
      <div>
        <ButtonLink to={backTo} icon={<ArrowLeftRegular />} appearance="subtle">
          Back to the PDF and its rules
        </ButtonLink>
      </div>
      <h1 className={styles.heading}>Review the imported lines{vendor === undefined ? '' : ` from ${vendor.name}`}</h1>
      {body}
    </div>
  );
}

function Review({ preview, vendor }: { preview: ImportPreview; vendor: Vendor }) {
  const styles = useImportStyles();
  const navigate = useNavigate();
  const [lines, setLines] = useState<ReviewLine[]>(() => reviewLinesFrom(preview.lines, vendor.currency));
  const [matching, setMatching] = useState<number | null>(null);
  const state = reviewState(lines, vendor.currency);
  const needYou = state.issues.size;

  return (
    <>
      <p className={styles.summary} aria-live="polite">
        {lines.length} {lines.length === 1 ? 'line' : 'lines'}: {state.kept} kept
        {state.dropped === 0 ? '' : `, ${state.dropped} dropped`}
        {needYou === 0 ? '.' : `; ${needYou} ${needYou === 1 ? 'needs' : 'need'} you.`}
      </p>
      <ReviewLinesTable
        lines={lines}
        issues={state.issues}
        onQuantity={(key, text) => setLines((prev) => setQuantityText(prev, key, text))}
        onCost={(key, text) => setLines((prev) => setCostText(prev, key, text))}
        onDrop={(key, dropped) => setLines((prev) => setDropped(prev, key, dropped))}
        onMatch={setMatching}
      />
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!state.ready} onClick={() => navigate(createPurchaseOrderHref(vendor.id, state.orderLines))}>
          Create purchase order
        </Button>
        {state.ready ? (
          <span className={styles.summary}>
            {state.orderLines.length} {state.orderLines.length === 1 ? 'size' : 'sizes'},{' '}
            {state.orderLines.reduce((n, l) => n + l.quantity, 0)} units. You check the order before it is saved.
          </span>
        ) : (
          <span className={styles.summary}>{state.kept === 0 ? 'Keep at least one line.' : 'Match or drop every flagged line first.'}</span>
        )}
      </div>
      {matching === null ? null : (
        <MatchDialog
          line={lines.find((line) => line.key === matching) ?? null}
          onClose={() => setMatching(null)}
          onChoose={(match) => {
            setLines((prev) => matchByHand(prev, matching, match));
            setMatching(null);
          }}
        />
      )}
    </>
  );
}

function MatchDialog({
  line,
  onClose,
  onChoose,
}: {
  line: ReviewLine | null;
  onClose: () => void;
  onChoose: (match: ReviewMatch) => void;
}) {
  const styles = useImportStyles();
  const scope = useBusinessScope();
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.dialogSurface}>
        <DialogBody>
          <DialogTitle>Which size is this line?</DialogTitle>
          <DialogContent>
            {line === null ? null : <p className={styles.textCell}>{line.text}</p>}
            <ProductPicker
              scope={scope}
              autoFocus
              label="Search the catalog"
              hint={line?.sku ? `The PDF says ${line.sku}${line.size ? `, size ${line.size}` : ''}.` : 'Title, style code or SKU.'}
              pickSingleOnEnter={false}
              renderAction={(product) => (
                <div className={styles.variantRow}>
                  {variantInfos(product).map((info) => (
                    <Button
                      key={info.variantId}
                      size="small"
                      aria-label={`${info.title}, size ${info.size}`}
                      onClick={() =>
                        onChoose({ variant_id: info.variantId, product_title: info.title, size_label: info.size, sku: info.sku })
                      }
                    >
                      {info.size}
                    </Button>
                  ))}
                </div>
              )}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
