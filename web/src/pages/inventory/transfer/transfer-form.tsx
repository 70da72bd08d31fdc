import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { AddRegular, BarcodeScannerRegular, BuildingRegular, DeleteRegular, DismissRegular, SubtractRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import type { CreateTransferBody } from '@tradepost/shared/schemas/inventory.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { ProductPicker } from '../../../features/catalog/product-picker.tsx';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import { type VariantInfo, variantInfos } from '../../../features/catalog/variant-info.ts';
import { addToTransferDraft, type TransferLineDraft } from '../../../features/inventory/transfer-model.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { useCreateTransfer } from '../../../features/inventory/use-transfers.ts';
import { rememberProducts } from '../../../features/inventory/use-variant-directory.ts';
import { VariantLabel } from '../../../features/inventory/variant-label.tsx';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '24px' },
  route: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: '12px 16px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  scanRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  sizes: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  sizesHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  sizesTitle: { ...typographyStyles.body1Strong, margin: 0 },
  sizeButtons: { display: 'flex', flexWrap: 'wrap', gap: '6px', border: 'none', margin: 0, padding: 0, minWidth: 0 },
  stepper: { display: 'flex', alignItems: 'center', gap: '4px' },
  qty: { width: '64px', minWidth: 0 },
  submitRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
});

const ROUTE_FIELDS = new Set(['from_location_id', 'to_location_id', 'note']);

/** A new transfer: from where to where, and which sizes in what quantity (picked, or scanned). */
export function TransferForm({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const locations = useLocations(scope);
  const create = useCreateTransfer(scope);
  const lookup = useVariantByCode(scope);
  const scan = useScanFeedback();

  const active = (locations.data ?? []).filter((location) => !location.archived);
  const [fromChoice, setFrom] = useState<string | null>(null);
  const [toChoice, setTo] = useState<string | null>(null);
  const fromId = fromChoice ?? active.find((l) => l.is_default)?.id ?? active[0]?.id ?? '';
  const toId = toChoice ?? active.find((l) => l.id !== fromId)?.id ?? '';
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<TransferLineDraft[]>([]);
  const [infos, setInfos] = useState<Record<string, VariantInfo>>({});
  const [picked, setPicked] = useState<Product | null>(null);

  const errors = create.isError
    ? fieldErrors(create.error, (path) => ROUTE_FIELDS.has(path) || path.startsWith('lines.'), 'The transfer could not be created.')
    : undefined;
  const lineError = (index: number) => errors?.fields[`lines.${index}.quantity`] ?? errors?.fields[`lines.${index}.variant_id`];

  const add = (info: VariantInfo) => {
    setInfos((prev) => ({ ...prev, [info.variantId]: info }));
    setLines((prev) => addToTransferDraft(prev, info.variantId));
    create.reset();
  };

  const onCode = (code: string) => {
    void lookup(code).then(
      (info) => {
        if (info === null) {
          scan.error(`No item has the barcode ${code}`);
          return;
        }
        add(info);
        const onTransfer = (lines.find((line) => line.variantId === info.variantId)?.quantity ?? 0) + 1;
        scan.success(`Added ${info.title}, ${info.size} — ${onTransfer} on this transfer`);
      },
      () => scan.error(`Could not look up ${code}. Check your connection and scan again.`),
    );
  };
  useScanHandler(onCode);

  const setQuantity = (variantId: string, quantity: number) => {
    setLines((prev) => prev.map((line) => (line.variantId === variantId ? { ...line, quantity: Math.max(quantity, 0) } : line)));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: CreateTransferBody = {
      from_location_id: fromId,
      to_location_id: toId,
      note: note.trim() === '' ? undefined : note.trim(),
      lines: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
    };
    create.mutate(body, { onSuccess: (transfer) => onCreated(transfer.id) });
  };

  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const general = errors?.general;

  return (
    <AppPage
      title="New transfer"
      description="Choose where the stock leaves and where it goes, then add the sizes by search or by scanning them."
      actions={
        <Button icon={<DismissRegular />} onClick={onCancel}>
          Back to transfers
        </Button>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="New transfer">
        <PageSection id="transfer-route" title="From and to" icon={<BuildingRegular />}>
          {locations.isPending ? (
            <p className={styles.muted}>
              <Spinner size="tiny" aria-hidden="true" /> Loading locations…
            </p>
          ) : (
            <div className={styles.route}>
              <Field label="From" validationMessage={errors?.fields.from_location_id}>
                <Select value={fromId} onChange={(_, d) => setFrom(d.value)}>
                  {active.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="To" validationMessage={errors?.fields.to_location_id}>
                <Select value={toId} onChange={(_, d) => setTo(d.value)}>
                  {active.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Note" hint="Optional: a carrier, a box number, why it moves." validationMessage={errors?.fields.note}>
                <Input value={note} onChange={(_, d) => setNote(d.value)} maxLength={500} />
              </Field>
            </div>
          )}
        </PageSection>

        <PageSection
          id="transfer-items"
          title="Items"
          icon={<BarcodeScannerRegular />}
          description="Scan each item with a scanner or the camera (one scan adds one unit), or search and choose sizes."
        >
          <div className={styles.scanRow}>
            <CameraScanButton continuous onScan={onCode} />
          </div>
          <ScanFeedbackBar feedback={scan.feedback} flashing={scan.flashing} />
          {lines.length === 0 ? (
            <p className={styles.text}>No items yet. Scan a barcode, or search below and choose a size.</p>
          ) : (
            <DataTable
              label="Items on this transfer"
              head={
                <>
                  <th className={table.th}>Item</th>
                  <th className={table.th}>Quantity</th>
                  <th className={table.th} aria-label="Actions" />
                </>
              }
            >
              {lines.map((line, index) => {
                const info = infos[line.variantId];
                const name = info === undefined ? 'this item' : `${info.title} ${info.size}`;
                return (
                  <tr key={line.variantId}>
                    <td className={table.td}>
                      <VariantLabel info={info} variantId={line.variantId} />
                    </td>
                    <td className={table.td}>
                      <Field validationMessage={lineError(index)}>
                        <div className={styles.stepper}>
                          <Button
                            size="small"
                            icon={<SubtractRegular />}
                            aria-label={`One less of ${name}`}
                            onClick={() => setQuantity(line.variantId, line.quantity - 1)}
                          />
                          <Input
                            className={styles.qty}
                            aria-label={`Quantity of ${name}`}
                            inputMode="numeric"
                            value={line.quantity === 0 ? '' : String(line.quantity)}
                            onChange={(_, d) => setQuantity(line.variantId, Number(d.value.replace(/\D/g, '') || '0'))}
                          />
                          <Button
                            size="small"
                            icon={<AddRegular />}
                            aria-label={`One more of ${name}`}
                            onClick={() => setQuantity(line.variantId, line.quantity + 1)}
                          />
                        </div>
                      </Field>
                    </td>
                    <td className={mergeClasses(table.td, table.num)}>
                      <Button
                        appearance="subtle"
                        icon={<DeleteRegular />}
                        aria-label={`Remove ${name}`}
                        onClick={() => setLines((prev) => prev.filter((l) => l.variantId !== line.variantId))}
                      />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          {picked === null ? (
            <ProductPicker
              scope={scope}
              label="Find a product"
              pickLabel="Choose sizes"
              pickSingleOnEnter={false}
              onPick={(product) => {
                rememberProducts([product]);
                setPicked(product);
              }}
            />
          ) : (
            <div className={styles.sizes}>
              <div className={styles.sizesHead}>
                <p className={styles.sizesTitle}>{picked.title}: click a size to add one unit</p>
                <Button size="small" onClick={() => setPicked(null)}>
                  Find another product
                </Button>
              </div>
              {picked.variants.length === 0 ? (
                <p className={styles.text}>This product has no sizes, so nothing of it can be transferred.</p>
              ) : (
                <fieldset className={styles.sizeButtons} aria-label={`Sizes of ${picked.title}`}>
                  {variantInfos(picked).map((info) => (
                    <Button key={info.variantId} size="small" icon={<AddRegular />} onClick={() => add(info)}>
                      {info.size} · {info.onHand} in stock
                    </Button>
                  ))}
                </fieldset>
              )}
            </div>
          )}
        </PageSection>

        {general === undefined ? null : (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              <MessageBarTitle>The transfer was not created</MessageBarTitle>
              {general}
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.submitRow}>
          <Button
            type="submit"
            appearance="primary"
            disabledFocusable={create.isPending}
            icon={create.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Create transfer
          </Button>
          <p className={styles.text} aria-live="polite">
            {lines.length === 0
              ? 'It is saved as a draft; you send it from the next screen.'
              : `${units} ${units === 1 ? 'unit' : 'units'} in ${lines.length} ${lines.length === 1 ? 'size' : 'sizes'}. Saved as a draft; you send it next.`}
          </p>
        </div>
      </form>
    </AppPage>
  );
}
