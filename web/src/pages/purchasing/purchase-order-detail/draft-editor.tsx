import { Button, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import type { PurchaseOrder } from '@tradepost/shared/schemas/purchasing.ts';
import { useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { LandedCostsFields } from '../../../features/purchasing/landed-costs-fields.tsx';
import { draftFrom, readDraft } from '../../../features/purchasing/purchase-order-draft.ts';
import { PurchaseOrderLinesEditor } from '../../../features/purchasing/purchase-order-lines-editor.tsx';
import { useUpdatePurchaseOrder } from '../../../features/purchasing/use-purchase-orders.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '20px' },
  heading: { ...typographyStyles.subtitle2, margin: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

const KNOWN = (path: string) => path === 'lines' || path.startsWith('lines.') || path.startsWith('landed_costs.');

/** A draft's lines and landed costs, editable until it is marked as ordered. */
export function DraftEditor({ scope, order, currency }: { scope: BusinessScope | undefined; order: PurchaseOrder; currency: string }) {
  const styles = useStyles();
  const update = useUpdatePurchaseOrder(scope);
  const [initial] = useState(() => draftFrom(order, currency));
  const [lines, setLines] = useState(initial.lines);
  const [costs, setCosts] = useState(initial.costs);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);

  const server = update.isError ? fieldErrors(update.error, KNOWN, 'The changes were not saved.') : undefined;
  const errors = { ...(server?.fields ?? {}), ...local };

  const save = () => {
    const read = readDraft(lines, costs, currency);
    if (!read.ok) {
      setLocal(read.fields);
      return;
    }
    if (lines.length === 0) {
      setLocal({ lines: 'Add at least one line' });
      return;
    }
    setLocal({});
    update.mutate(
      { purchaseOrderId: order.id, body: { lines: read.lines, landed_costs: read.landed_costs } },
      { onSuccess: () => setDirty(false) },
    );
  };

  return (
    <div className={styles.root}>
      <PurchaseOrderLinesEditor
        scope={scope}
        currency={currency}
        lines={lines}
        costs={costs}
        errors={errors}
        onLines={(next) => {
          setLines(next);
          setLocal({});
          setDirty(true);
        }}
        // The picker saves its sizes onto the draft as stored: only offered while nothing here is unsaved.
        catalogHref={dirty ? undefined : `/purchase-orders/select-variants?purchaseOrderId=${encodeURIComponent(order.id)}`}
      />
      <h3 className={styles.heading}>Landed costs</h3>
      <LandedCostsFields
        value={costs}
        errors={errors}
        currency={currency}
        onChange={(next) => {
          setCosts(next);
          setDirty(true);
        }}
      />
      <FormErrorAlert message={server?.general} />
      <div className={styles.row}>
        <Button
          appearance="primary"
          icon={update.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
          disabledFocusable={update.isPending || !dirty}
          onClick={save}
        >
          Save changes
        </Button>
        <p className={styles.text} aria-live="polite">
          {dirty ? 'Unsaved changes. Save them to add sizes from the catalog.' : 'A draft can be changed until it is marked as ordered.'}
        </p>
      </div>
    </div>
  );
}
