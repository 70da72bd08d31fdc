import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  ProgressBar,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentArrowDownRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import {
  CATALOG_CSV_COLUMN_HELP,
  CATALOG_CSV_COLUMNS,
  catalogCsvTemplate,
  type ImportPreview,
  type ImportResult,
  REQUIRED_CSV_COLUMNS,
} from '@tradepost/shared/schemas/catalog-io.ts';
import { type DragEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { previewWithCommitErrors, summaryChips } from './import-rows.ts';
import { saveFile } from './save-file.ts';
import { SummaryChips } from './summary-chips.tsx';
import { useImportCommit, useImportPreview } from './use-catalog-import.ts';

const useStyles = makeStyles({
  surface: { maxWidth: '1100px', width: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  intro: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '10px',
    padding: '32px 16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  dragging: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  dropIcon: { fontSize: '32px', color: tokens.colorBrandForeground1 },
  dropText: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground1 },
  dropHint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  fileName: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  columns: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.caption1 },
  columnName: { fontFamily: tokens.fontFamilyMonospace, padding: '4px 12px 4px 0', whiteSpace: 'nowrap', verticalAlign: 'top' },
  columnText: { padding: '4px 0', color: tokens.colorNeutralForeground2, verticalAlign: 'top' },
  required: { color: tokens.colorPaletteRedForeground1, marginInlineStart: '2px' },
  progress: { display: 'flex', flexDirection: 'column', gap: '8px' },
  blocked: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1 },
  hiddenInput: { display: 'none' },
});

/** The app's request body limit; a larger file would be refused by the server anyway. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Phase = 'choose' | 'preview' | 'done';
type Loaded = { name: string; csv: string; importId: string };

function ColumnHelp() {
  const styles = useStyles();
  return (
    <Accordion collapsible>
      <AccordionItem value="columns">
        <AccordionHeader>What goes in each column</AccordionHeader>
        <AccordionPanel>
          <table className={styles.columns}>
            <tbody>
              {CATALOG_CSV_COLUMNS.map((column) => (
                <tr key={column}>
                  <td className={styles.columnName}>
                    {column}
                    {REQUIRED_CSV_COLUMNS.includes(column) ? (
                      <span className={styles.required} title="Required">
                        *
                      </span>
                    ) : null}
                  </td>
                  <td className={styles.columnText}>{CATALOG_CSV_COLUMN_HELP[column].description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}

function resultText(summary: ImportResult['summary']): string {
  const parts = [
    `${summary.new_products.toLocaleString()} new product${summary.new_products === 1 ? '' : 's'}`,
    `${summary.new_sizes.toLocaleString()} new size${summary.new_sizes === 1 ? '' : 's'}`,
    `${summary.units.toLocaleString()} unit${summary.units === 1 ? '' : 's'} of stock added`,
  ];
  return `${parts.join(', ')}.`;
}

type ImportDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; scope: BusinessScope | undefined };

/**
 * Import CSV: choose or drop a file → the preview lists every row, bad ones first with their reasons,
 * and Commit stays disabled while any row is bad → one all-or-nothing commit → what it did.
 */
export function ImportDialog({ open, onOpenChange, scope }: ImportDialogProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const previewCall = useImportPreview(scope);
  const commitCall = useImportCommit(scope);
  const [phase, setPhase] = useState<Phase>('choose');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult['summary'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const busy = previewCall.isPending || commitCall.isPending;

  const reset = () => {
    setPhase('choose');
    setLoaded(null);
    setPreview(null);
    setResult(null);
    setProblem(null);
    previewCall.reset();
    commitCall.reset();
  };

  const check = (file: Loaded) => {
    setProblem(null);
    previewCall.mutate(file.csv, {
      onSuccess: (answer) => {
        setPreview(answer);
        setPhase('preview');
      },
      onError: (error) => {
        const apiError = toApiError(error);
        setProblem(apiError?.fromServer ? apiError.message : 'The file could not be checked. Check your connection and try again.');
      },
    });
  };

  const readFile = async (file: File) => {
    if (busy) return;
    if (file.size > MAX_FILE_BYTES) {
      setProblem(`${file.name} is larger than 5 MB. Split it into smaller files.`);
      return;
    }
    const next: Loaded = { name: file.name, csv: await file.text(), importId: crypto.randomUUID() };
    setLoaded(next);
    check(next);
  };

  const commit = () => {
    if (loaded === null || preview === null || !preview.can_commit) return;
    setProblem(null);
    commitCall.mutate(
      { csv: loaded.csv, importId: loaded.importId },
      {
        onSuccess: (answer) => {
          setResult(answer.summary);
          setPhase('done');
        },
        onError: (error) => {
          const apiError = toApiError(error);
          if (apiError?.code === 'IMPORT_ALREADY_COMMITTED') {
            // A retry after a lost answer: the first attempt went through.
            setResult(preview.summary);
            setPhase('done');
          } else if (apiError?.code === 'IMPORT_INVALID') {
            setPreview(previewWithCommitErrors(preview, apiError.details));
            setProblem('Your catalog changed since the file was checked, and some rows are no longer valid. Nothing was imported.');
          } else {
            setProblem(apiError?.fromServer ? apiError.message : 'The import did not finish. Nothing was imported; try again.');
          }
        },
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined) void readFile(file);
  };

  const fileInput = (
    <input
      ref={input}
      className={styles.hiddenInput}
      type="file"
      accept=".csv,text/csv"
      aria-label="CSV file"
      onChange={(event) => {
        const file = event.target.files?.[0];
        // The same file may be chosen again after it was fixed.
        event.target.value = '';
        if (file !== undefined) void readFile(file);
      }}
    />
  );

  const badRows = preview?.summary.bad_rows ?? 0;
  const fileErrors = preview?.file_errors ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        // Closing mid-commit would hide whether the import happened.
        if (!data.open && commitCall.isPending) return;
        onOpenChange(data.open);
        if (!data.open) reset();
      }}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>Import products from CSV</DialogTitle>
          <DialogContent className={styles.content}>
            {fileInput}
            {phase === 'choose' ? (
              <>
                <p className={styles.intro}>
                  One row per size, with its stock at one location. Rows with the same style code (or the same title when there is none) are
                  one product. Products already in your catalog keep their details: new sizes are added and quantities are added to your
                  stock. Nothing is saved until you commit.
                </p>
                <FormErrorAlert message={problem} />
                {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target is extra; the button inside is the keyboard way in */}
                <div
                  className={mergeClasses(styles.drop, dragging && styles.dragging)}
                  onDragOver={(event) => {
                    event.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                >
                  {previewCall.isPending ? (
                    <Spinner label={`Checking ${loaded?.name ?? 'the file'}…`} />
                  ) : (
                    <>
                      <ArrowUploadRegular className={styles.dropIcon} aria-hidden />
                      <p className={styles.dropText}>Drop a CSV file here</p>
                      <Button appearance="primary" onClick={() => input.current?.click()}>
                        Choose CSV file
                      </Button>
                      <p className={styles.dropHint}>UTF-8 CSV up to 5 MB and 5,000 rows, as saved by Excel, Numbers or Google Sheets.</p>
                    </>
                  )}
                </div>
                <div className={styles.row}>
                  <Button
                    icon={<DocumentArrowDownRegular />}
                    onClick={() =>
                      saveFile(new Blob([catalogCsvTemplate()], { type: 'text/csv;charset=utf-8' }), 'tradepost-catalog-template.csv')
                    }
                  >
                    Download template
                  </Button>
                </div>
                <ColumnHelp />
              </>
            ) : null}

            {phase === 'preview' && preview !== null ? (
              <>
                <div className={styles.row}>
                  <p className={styles.fileName}>{loaded?.name}</p>
                  <SummaryChips chips={summaryChips(preview.summary)} />
                </div>
                <FormErrorAlert message={problem} />
                {fileErrors.length > 0 ? (
                  <div role="alert">
                    <MessageBar intent="error">
                      <MessageBarBody>
                        <MessageBarTitle>This file cannot be imported</MessageBarTitle>
                        {fileErrors.map((e) => e.message).join(' ')}
                      </MessageBarBody>
                    </MessageBar>
                  </div>
                ) : null}
                {preview.rows.length > 0 ? <ImportPreviewTable rows={preview.rows} /> : null}
                {commitCall.isPending ? (
                  <div className={styles.progress}>
                    <ProgressBar aria-label="Importing" />
                    <p className={styles.intro}>
                      Importing {preview.summary.rows.toLocaleString()} rows in one go. Keep this window open; if anything fails, nothing is
                      saved.
                    </p>
                  </div>
                ) : null}
                {!preview.can_commit && !commitCall.isPending ? (
                  <p className={styles.blocked} id="import-blocked">
                    {fileErrors.length > 0
                      ? 'Fix the file and upload it again.'
                      : `Fix the ${badRows === 1 ? 'bad row' : `${badRows} bad rows`} in your file and upload it again. Nothing has been imported.`}
                  </p>
                ) : null}
              </>
            ) : null}

            {phase === 'done' && result !== null ? (
              <div role="status">
                <MessageBar intent="success">
                  <MessageBarBody>
                    <MessageBarTitle>Imported {loaded?.name}</MessageBarTitle>
                    {resultText(result)}
                  </MessageBarBody>
                </MessageBar>
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            {phase === 'preview' ? (
              <>
                <Button
                  disabled={busy}
                  onClick={() => input.current?.click()}
                  icon={previewCall.isPending ? <Spinner size="tiny" /> : undefined}
                >
                  {previewCall.isPending ? 'Checking…' : 'Upload corrected file'}
                </Button>
                <Button
                  appearance="primary"
                  disabled={!preview?.can_commit || busy}
                  aria-describedby={preview?.can_commit ? undefined : 'import-blocked'}
                  icon={commitCall.isPending ? <Spinner size="tiny" /> : undefined}
                  onClick={commit}
                >
                  {commitCall.isPending ? 'Importing…' : 'Commit import'}
                </Button>
              </>
            ) : null}
            {phase === 'done' ? (
              <>
                <Button
                  appearance="primary"
                  onClick={() => {
                    onOpenChange(false);
                    reset();
                    navigate('/products');
                  }}
                >
                  View products
                </Button>
                <Button onClick={reset}>Import another file</Button>
              </>
            ) : null}
            <Button
              disabled={commitCall.isPending}
              onClick={() => {
                onOpenChange(false);
                reset();
              }}
            >
              {phase === 'done' ? 'Close' : 'Cancel'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
