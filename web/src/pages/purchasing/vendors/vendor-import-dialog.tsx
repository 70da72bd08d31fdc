import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { VendorImportResult } from '@tradepost/shared/schemas/purchasing.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { useState } from 'react';
import { useImportVendors } from '../../../features/purchasing/use-vendors.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/** Says what an import did: "2 created, 1 updated, 1 row refused". */
export function importSummary(result: VendorImportResult): string {
  const refused = new Set(result.errors.map((error) => error.line)).size;
  const parts = [`${result.created} created`, `${result.updated} updated`];
  if (refused > 0) parts.push(`${refused} ${refused === 1 ? 'row' : 'rows'} refused`);
  return parts.join(', ');
}

export function ImportResultView({ result }: { result: VendorImportResult }) {
  const styles = useStyles();
  const table = useTableStyles();
  return (
    <>
      <MessageBar intent={result.errors.length === 0 ? 'success' : 'warning'}>
        <MessageBarBody>
          <MessageBarTitle>Import finished</MessageBarTitle>
          {importSummary(result)}.
        </MessageBarBody>
      </MessageBar>
      {result.errors.length === 0 ? null : (
        <>
          <p className={styles.text}>Nothing of a refused row was saved. Fix these lines in the file and import it again:</p>
          <DataTable
            label="Refused rows"
            head={
              <>
                <th className={table.th}>Line</th>
                <th className={table.th}>Field</th>
                <th className={table.th}>Problem</th>
              </>
            }
          >
            {result.errors.map((error) => (
              <tr key={`${error.line}-${error.field}`}>
                <td className={`${table.td} ${table.num}`}>{error.line}</td>
                <td className={table.td}>
                  <span className={styles.code}>{error.field}</span>
                </td>
                <td className={table.td}>{error.message}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </>
  );
}

/** CSV import of vendors: choose a file, send its text, see what was created, updated and refused. */
export function VendorImportDialog({ scope, onClose }: { scope: BusinessScope | undefined; onClose: () => void }) {
  const styles = useStyles();
  const importer = useImportVendors(scope);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const send = async () => {
    setProblem(undefined);
    if (file === null) {
      setProblem('Choose a CSV file first.');
      return;
    }
    const text = await file.text();
    importer.mutate(text, {
      onError: (error) =>
        setProblem(toApiError(error)?.details[0]?.message ?? toApiError(error)?.message ?? 'The file could not be imported.'),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Import vendors</DialogTitle>
          <DialogContent className={styles.content}>
            <p className={styles.text}>
              A CSV file with a header row: <span className={styles.code}>name, contact_name, email, phone, terms, currency, notes</span>. A
              vendor whose name is already here is updated; the others are added. Export your vendors for a file to start from.
            </p>
            <Field label="CSV file" validationMessage={problem}>
              <input
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  importer.reset();
                  setProblem(undefined);
                }}
              />
            </Field>
            {importer.data === undefined ? null : <ImportResultView result={importer.data} />}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              onClick={() => void send()}
              disabledFocusable={importer.isPending}
              icon={importer.isPending ? <Spinner size="tiny" /> : undefined}
            >
              Import
            </Button>
            <Button onClick={onClose}>{importer.data === undefined ? 'Cancel' : 'Done'}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
