import { Button, Field, MessageBar, MessageBarBody, mergeClasses, ProgressBar, Select, Spinner } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowUploadRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { clientErrorCodes, toApiError } from '@tradepost/shared/client/api-error.ts';
import { purchaseImportKeys } from '@tradepost/shared/query/purchasing.ts';
import type { ImportRules } from '@tradepost/shared/schemas/purchase-import.ts';
import type { Vendor } from '@tradepost/shared/schemas/purchasing.ts';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../features/navigation/router-link.tsx';
import { type BusinessScope, useBusinessScope } from '../../features/session/use-business-scope.ts';
import { ImportLinesTable } from './import-lines-table.tsx';
import { type ImportPlace, importSearch, readImportPlace } from './import-review-model.ts';
import { ImportRulesForm } from './import-rules-form.tsx';
import { useImportStyles } from './import-styles.ts';
import { type PdfUploadHandle, pdfFileProblem, uploadPdf } from './upload-pdf.ts';
import { useImportPreview, useImportRules, useImportVendors, useSaveImportRules } from './use-import-api.ts';

export const NO_TEXT_MESSAGE = 'This PDF has no text to read — it may be a scanned image. Enter the order by hand instead.';

/**
 * purchase-orders/pdf-import?vendor=…&document=…[&rules=…]: choose the vendor, upload the PDF, see
 * the lines the vendor's rules find and adjust the rules. Where the import stands is in the address,
 * so a reload (or the review screen's back button) keeps the place.
 */
export function PdfImportPage() {
  const styles = useImportStyles();
  const scope = useBusinessScope();
  const [params, setParams] = useSearchParams();
  const place = readImportPlace(params);
  const vendors = useImportVendors(scope);
  const go = (next: ImportPlace) => setParams(importSearch(next));
  const vendor = vendors.data?.items.find((v) => v.id === place.vendorId) ?? null;

  return (
    <div className={styles.page}>
      <div>
        <ButtonLink to="/purchase-orders" icon={<ArrowLeftRegular />} appearance="subtle">
          Purchase orders
        </ButtonLink>
      </div>
      <h1 className={styles.heading}>Import a purchase order from a PDF</h1>
      <p className={styles.intro}>
        Upload a vendor&rsquo;s invoice or order confirmation. Its lines are read with the vendor&rsquo;s parsing rules and matched to your
        sizes; you review them before the purchase order is created.
      </p>

      <section className={styles.section}>
        {vendors.data === undefined ? (
          vendors.isPending ? (
            <p className={styles.muted}>
              <Spinner size="tiny" aria-hidden="true" /> Loading vendors…
            </p>
          ) : (
            <LoadFailed subject="The vendors" onRetry={() => void vendors.refetch()} retrying={vendors.isFetching} />
          )
        ) : vendors.data.items.length === 0 ? (
          <MessageBar intent="info">
            <MessageBarBody>
              Add the vendor first: <RouterLink to="/vendors">Vendors</RouterLink>.
            </MessageBarBody>
          </MessageBar>
        ) : (
          <Field className={styles.vendorField} label="Vendor" hint="Whose PDF this is: their parsing rules are used.">
            <Select
              value={place.vendorId ?? ''}
              onChange={(_, d) => go({ vendorId: d.value || null, documentId: place.documentId, rules: undefined })}
            >
              <option value="">Choose a vendor…</option>
              {vendors.data.items.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </section>

      {scope === undefined || place.vendorId === null ? null : place.documentId === null ? (
        <UploadBox scope={scope} onUploaded={(documentId) => go({ ...place, documentId, rules: place.rules })} />
      ) : vendor === null ? null : (
        <Preview
          scope={scope}
          vendor={vendor}
          place={place}
          onRules={(rules) => go({ ...place, rules })}
          onAnother={() => go({ vendorId: place.vendorId, documentId: null, rules: undefined })}
        />
      )}
    </div>
  );
}

type Upload = { name: string; fraction: number; handle: PdfUploadHandle };

function UploadBox({ scope, onUploaded }: { scope: BusinessScope; onUploaded: (documentId: string) => void }) {
  const styles = useImportStyles();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Leaving the screen stops an upload in flight (progress updates must not: they replace `upload`).
  const inFlight = useRef<PdfUploadHandle | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const send = (file: File) => {
    setProblem(null);
    const refused = pdfFileProblem(file);
    if (refused !== null) {
      setProblem(refused);
      return;
    }
    const handle = uploadPdf(scope.basePath, file, (fraction) => setUpload((prev) => (prev === null ? prev : { ...prev, fraction })));
    inFlight.current = handle;
    setUpload({ name: file.name, fraction: 0, handle });
    handle.promise.then(
      (document) => {
        inFlight.current = null;
        setUpload(null);
        onUploaded(document.id);
      },
      (error: unknown) => {
        inFlight.current = null;
        setUpload(null);
        const answer = fieldErrors(error, (field) => field === 'file', 'The upload did not finish. Try again.');
        if (answer.code === clientErrorCodes.aborted) return;
        setProblem(answer.fields.file ?? answer.general ?? 'The upload did not finish. Try again.');
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined && upload === null) send(file);
  };

  return (
    <section className={styles.section} aria-label="PDF">
      <h2 className={styles.sectionTitle}>The PDF</h2>
      <input
        ref={input}
        className={styles.hiddenInput}
        type="file"
        accept="application/pdf,.pdf"
        aria-label="PDF file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again.
          event.target.value = '';
          if (file !== undefined) send(file);
        }}
      />
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
        {upload !== null ? (
          <div className={styles.progress}>
            <p className={styles.dropText}>
              Uploading {upload.name}… {Math.round(upload.fraction * 100)}%
            </p>
            <ProgressBar value={upload.fraction} thickness="large" aria-label={`Upload of ${upload.name}`} />
            <Button size="small" onClick={() => upload.handle.abort()}>
              Cancel upload
            </Button>
          </div>
        ) : (
          <>
            <ArrowUploadRegular className={styles.dropIcon} aria-hidden />
            <p className={styles.dropText}>Drop the PDF here</p>
            <Button appearance="primary" icon={<DocumentPdfRegular />} onClick={() => input.current?.click()}>
              Choose PDF file
            </Button>
            <p className={styles.dropHint}>A PDF with text (not a scan), up to 20 MB.</p>
          </>
        )}
      </div>
      {problem === null ? null : (
        <p className={styles.fieldError} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function Preview({
  scope,
  vendor,
  place,
  onRules,
  onAnother,
}: {
  scope: BusinessScope;
  vendor: Vendor;
  place: ImportPlace;
  onRules: (rules: ImportRules | undefined) => void;
  onAnother: () => void;
}) {
  const styles = useImportStyles();
  const queryClient = useQueryClient();
  const saved = useImportRules(scope, vendor.id);
  const preview = useImportPreview(scope, place.documentId, vendor.id, place.rules);
  const save = useSaveImportRules(scope, vendor.id);
  const [justSaved, setJustSaved] = useState(false);

  const previewProblem = preview.error === null ? null : fieldErrors(preview.error, isRulesField, 'The PDF could not be read. Try again.');
  const saveProblem = save.error === null ? null : fieldErrors(save.error, isRulesField, 'The rules were not saved. Try again.');
  const ruleErrors: Record<string, string> = {};
  for (const [field, message] of Object.entries({ ...previewProblem?.fields, ...saveProblem?.fields }))
    ruleErrors[field.replace(/^rules\./, '')] = message;
  const documentGone = toApiError(preview.error)?.status === 404;

  const onTry = (rules: ImportRules) => {
    setJustSaved(false);
    save.reset();
    onRules(rules);
    // The same rules again: read again (the catalog may have gained the missing size meanwhile).
    void queryClient.invalidateQueries({
      queryKey: purchaseImportKeys.preview(scope.businessId, place.documentId ?? '', vendor.id, rules),
    });
  };
  const onSave = (rules: ImportRules) => {
    setJustSaved(false);
    save.mutate(rules, {
      onSuccess: () => {
        setJustSaved(true);
        onRules(undefined);
      },
    });
  };

  const data = preview.data;
  const reviewTo = `/purchase-orders/pdf-import/create?${importSearch(place)}`;
  const matched = data?.lines.filter((line) => line.match !== null).length ?? 0;

  return (
    <>
      {saved.data === undefined ? (
        saved.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading {vendor.name}&rsquo;s rules…
          </p>
        ) : (
          <LoadFailed subject="The parsing rules" onRetry={() => void saved.refetch()} retrying={saved.isFetching} />
        )
      ) : (
        <ImportRulesForm
          key={vendor.id}
          initial={place.rules ?? saved.data}
          vendorName={vendor.name}
          errors={ruleErrors}
          trying={preview.isFetching}
          saving={save.isPending}
          saved={justSaved}
          onTry={onTry}
          onSave={onSave}
        />
      )}

      <section className={styles.section} aria-label="Lines found">
        <h2 className={styles.sectionTitle}>Lines found</h2>
        {documentGone ? (
          <MessageBar intent="warning">
            <MessageBarBody>This upload is no longer kept (PDFs are kept for a day). Upload the PDF again.</MessageBarBody>
          </MessageBar>
        ) : previewProblem !== null && Object.keys(previewProblem.fields).length === 0 ? (
          <MessageBar intent="error">
            <MessageBarBody>{previewProblem.general ?? previewProblem.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        {data === undefined ? (
          preview.isPending && !documentGone && previewProblem === null ? (
            <p className={styles.muted}>
              <Spinner size="tiny" aria-hidden="true" /> Reading the PDF…
            </p>
          ) : null
        ) : !data.has_text ? (
          <MessageBar intent="warning">
            <MessageBarBody>
              {NO_TEXT_MESSAGE} <RouterLink to="/purchase-orders/create">New purchase order</RouterLink>
            </MessageBarBody>
          </MessageBar>
        ) : (
          <>
            <p className={styles.summary} aria-live="polite">
              {data.lines.length === 0
                ? `No lines found on ${data.page_count === 1 ? 'the page' : `${data.page_count} pages`}. Adjust the rules and try again.`
                : `${data.lines.length} ${data.lines.length === 1 ? 'line' : 'lines'} found on ${data.page_count === 1 ? '1 page' : `${data.page_count} pages`}, ${matched} matched to your sizes.`}
              {place.rules === undefined ? '' : ' (rules being tried, not saved)'}
            </p>
            {data.lines.length === 0 ? null : <ImportLinesTable lines={data.lines} currency={vendor.currency} />}
          </>
        )}
        <div className={styles.actions}>
          {data?.has_text && data.lines.length > 0 ? (
            <ButtonLink to={reviewTo} appearance="primary">
              Review lines
            </ButtonLink>
          ) : null}
          <Button onClick={onAnother}>Upload another PDF</Button>
        </div>
      </section>
    </>
  );
}

const isRulesField = (field: string) => /^(rules\.)?(pattern|start_after|stop_at|mode|cost_is_line_total)$/.test(field);
