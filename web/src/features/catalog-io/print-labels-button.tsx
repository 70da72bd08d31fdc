import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Skeleton,
  SkeletonItem,
  SpinButton,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import { type LabelLayout, type LabelVariant, MAX_LABELS_PER_PDF } from '@tradepost/shared/schemas/catalog-io.ts';
import { useEffect, useState } from 'react';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import { LoadFailed } from '../layout/load-failed.tsx';
import { type BusinessScope, useBusinessScope } from '../session/use-business-scope.ts';
import { PdfUnavailableError, useDownloadLabels, useLabelSvg, useLabelVariants } from './use-labels.ts';

const useStyles = makeStyles({
  surface: { maxWidth: '860px', width: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 360px)',
    gap: '20px',
    '@media (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  scroll: { overflow: 'auto', maxHeight: '46vh', minWidth: 0 },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  th: {
    ...typographyStyles.caption1Strong,
    textAlign: 'start',
    padding: '6px 8px',
    color: tokens.colorNeutralForeground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, verticalAlign: 'middle' },
  num: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  nowrap: { whiteSpace: 'nowrap' },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  copies: { width: '88px' },
  side: { display: 'flex', flexDirection: 'column', gap: '16px' },
  previewBox: {
    display: 'grid',
    placeItems: 'center',
    padding: '16px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    minHeight: '150px',
  },
  label: { width: '100%', maxWidth: '324px', height: 'auto', boxShadow: tokens.shadow4, backgroundColor: '#fff' },
  caption: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  total: { ...typographyStyles.body1Strong, margin: 0 },
  over: { color: tokens.colorPaletteRedForeground1 },
});

const layoutText: Record<LabelLayout, { label: string; hint: string }> = {
  thermal: { label: 'Label printer', hint: 'One 2.25 × 1.25 in label per page (Rollo, Zebra, Dymo 4XL…)' },
  sheet: { label: 'US Letter sheet', hint: '30 labels of 2.625 × 1 in per page (Avery 5160 and equivalents)' },
};

function LabelPreview({ scope, variant, layout }: { scope: BusinessScope | undefined; variant: LabelVariant | null; layout: LabelLayout }) {
  const styles = useStyles();
  const svg = useLabelSvg(scope, variant?.variant_id ?? null, layout);
  return (
    <div className={styles.previewBox}>
      {svg.data !== undefined && variant !== null ? (
        <img
          className={styles.label}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.data)}`}
          alt={`Label preview: ${variant.title}, ${variant.size_label}, SKU ${variant.sku}`}
        />
      ) : svg.isError ? (
        <p className={styles.caption}>The preview could not be loaded. The PDF may still be downloaded.</p>
      ) : (
        <Spinner size="small" label="Drawing the label…" />
      )}
    </div>
  );
}

function downloadProblem(error: Error | null): string | null {
  if (error === null) return null;
  if (error instanceof PdfUnavailableError) return 'The PDF was made but this version of the app could not save it.';
  const apiError = toApiError(error);
  return apiError?.fromServer ? apiError.message : 'The PDF could not be made. Check your connection and try again.';
}

type LabelsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; variantIds: readonly string[] };

/** Copies per size (each size's stock on hand by default), printer or sheet layout, a preview, the PDF. */
export function LabelsDialog({ open, onOpenChange, variantIds }: LabelsDialogProps) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const variants = useLabelVariants(scope, variantIds, open);
  const download = useDownloadLabels(scope);
  const [copies, setCopies] = useState<Record<string, number>>({});
  const [layout, setLayout] = useState<LabelLayout>('thermal');
  // The preview follows the copies box in focus, so it shows the label being counted.
  const [previewId, setPreviewId] = useState<string | null>(null);

  // Each opening starts from the stock on hand, read fresh.
  useEffect(() => {
    if (!open || variants.data === undefined) return;
    setCopies(Object.fromEntries(variants.data.map((v) => [v.variant_id, Math.min(Math.max(v.on_hand, 1), MAX_LABELS_PER_PDF)])));
    setPreviewId((current) => current ?? variants.data[0]?.variant_id ?? null);
  }, [open, variants.data]);

  const list = variants.data ?? [];
  const total = list.reduce((sum, v) => sum + (copies[v.variant_id] ?? 0), 0);
  const tooMany = total > MAX_LABELS_PER_PDF;
  const previewVariant = list.find((v) => v.variant_id === previewId) ?? list[0] ?? null;

  const failure = downloadProblem(download.error);

  const submit = () => {
    const items = list.flatMap((v) => {
      const n = copies[v.variant_id] ?? 0;
      return n > 0 ? [{ variant_id: v.variant_id, copies: n }] : [];
    });
    if (items.length === 0 || tooMany) return;
    download.mutate({ items, layout });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        onOpenChange(data.open);
        if (!data.open) download.reset();
      }}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>Print barcode labels</DialogTitle>
          <DialogContent className={styles.content}>
            {variants.isError ? (
              <LoadFailed subject="The sizes" onRetry={() => void variants.refetch()} retrying={variants.isFetching} />
            ) : (
              <FormErrorAlert message={failure} />
            )}
            <div className={styles.layout}>
              <div className={styles.scroll}>
                {variants.isPending ? (
                  <Skeleton aria-label="Loading sizes">
                    <SkeletonItem size={24} />
                    <SkeletonItem size={24} />
                    <SkeletonItem size={24} />
                  </Skeleton>
                ) : (
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col" className={styles.th}>
                          Size
                        </th>
                        <th scope="col" className={styles.th}>
                          SKU
                        </th>
                        <th scope="col" className={mergeClasses(styles.th, styles.num)}>
                          On hand
                        </th>
                        <th scope="col" className={styles.th}>
                          Copies
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {list.map((v) => (
                        <tr key={v.variant_id} className={v.variant_id === previewVariant?.variant_id ? styles.selected : undefined}>
                          <td className={mergeClasses(styles.td, styles.nowrap)}>{v.size_label}</td>
                          <td className={mergeClasses(styles.td, styles.mono, styles.nowrap)}>{v.sku}</td>
                          <td className={mergeClasses(styles.td, styles.num)}>{v.on_hand}</td>
                          <td className={styles.td}>
                            <SpinButton
                              className={styles.copies}
                              aria-label={`Copies of ${v.size_label}`}
                              min={0}
                              max={MAX_LABELS_PER_PDF}
                              value={copies[v.variant_id] ?? 0}
                              onFocus={() => setPreviewId(v.variant_id)}
                              onChange={(_, data) => {
                                const next = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
                                if (Number.isFinite(next)) {
                                  setCopies((c) => ({ ...c, [v.variant_id]: Math.max(0, Math.min(MAX_LABELS_PER_PDF, Math.round(next))) }));
                                }
                              }}
                            />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
              <div className={styles.side}>
                <Field label="Print on">
                  <RadioGroup value={layout} onChange={(_, data) => setLayout(data.value as LabelLayout)}>
                    {(Object.keys(layoutText) as LabelLayout[]).map((key) => (
                      <Radio key={key} value={key} label={`${layoutText[key].label}: ${layoutText[key].hint}`} />
                    ))}
                  </RadioGroup>
                </Field>
                <LabelPreview scope={scope} variant={previewVariant} layout={layout} />
                <p className={styles.caption}>
                  Print at 100% (actual size), not “fit to page”, so the bars keep their width and scanners read them.
                </p>
              </div>
            </div>
            <p className={mergeClasses(styles.total, tooMany && styles.over)} aria-live="polite">
              {tooMany
                ? `${total.toLocaleString()} labels: at most ${MAX_LABELS_PER_PDF} in one PDF. Lower some copies.`
                : `${total.toLocaleString()} label${total === 1 ? '' : 's'}`}
            </p>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onOpenChange(false)}>Close</Button>
            <Button
              appearance="primary"
              disabled={total === 0 || tooMany || variants.data === undefined}
              disabledFocusable={download.isPending}
              icon={download.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={submit}
            >
              {download.isPending ? 'Making PDF…' : 'Download PDF'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Prints barcode labels for the given variants. */
export function PrintLabelsButton({ variantIds }: { variantIds: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PrintRegular />} disabled={variantIds.length === 0} onClick={() => setOpen(true)}>
        Print labels
      </Button>
      <LabelsDialog open={open} onOpenChange={setOpen} variantIds={variantIds} />
    </>
  );
}
