import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import { useState } from 'react';
import { useAppToast } from '../notifications/use-app-toast.tsx';
import { useBusinessScope } from '../session/use-business-scope.ts';
import { downloadCatalogCsv } from './catalog-export.ts';
import { ImportDialog } from './import-dialog.tsx';

const useStyles = makeStyles({ actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' } });

/** CSV import (with its preview) and export, for the products page header. */
export function CatalogImportExport() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const toast = useAppToast();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (scope === undefined || exporting) return;
    setExporting(true);
    try {
      await downloadCatalogCsv(scope);
    } catch (error) {
      const apiError = toApiError(error);
      toast({
        intent: 'error',
        title: 'The export did not download',
        body: apiError?.fromServer ? apiError.message : 'Check your connection and try again.',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.actions}>
      <Button icon={<ArrowUploadRegular />} disabled={scope === undefined} onClick={() => setImporting(true)}>
        Import CSV
      </Button>
      <Button
        icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
        disabledFocusable={exporting}
        disabled={scope === undefined}
        onClick={() => void exportCsv()}
      >
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
      <ImportDialog open={importing} onOpenChange={setImporting} scope={scope} />
    </div>
  );
}
