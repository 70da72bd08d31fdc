import { abortedError, apiErrorFromResponse, invalidResponseError, networkError } from '@tradepost/shared/client/api-error.ts';
import { API_BASE_PATH } from '@tradepost/shared/client/constants.ts';
import { type ImportDocument, importDocumentSchema, PDF_IMPORT_MAX_BYTES } from '@tradepost/shared/schemas/purchase-import.ts';
import { appStore } from '../../app/store.ts';
import { sessionAtom } from '../../features/session/session-atom.ts';
import { activeToken } from '../../features/session/session-model.ts';

/** 20 MB over a shop's upload line can take minutes; past this the upload is reported as failed. */
const UPLOAD_TIMEOUT_MS = 300_000;

export type PdfUploadHandle = { promise: Promise<ImportDocument>; abort: () => void };

/**
 * What is refused before sending, in the API's own words (the API checks the same again): a file
 * that says it is not a PDF, an empty one, one over the limit. Null when it may go.
 */
export function pdfFileProblem(file: Pick<File, 'size' | 'type' | 'name'>): string | null {
  if (file.size === 0) return 'The file is empty';
  if (file.size > PDF_IMPORT_MAX_BYTES) return 'The file is larger than 20 MB';
  const looksPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!looksPdf) return 'This file is not a PDF';
  return null;
}

/**
 * POST …/purchase-orders/pdf-import/documents with the PDF as the body. XMLHttpRequest rather than
 * the API client because only it reports upload progress, which a 20 MB file needs to show.
 */
export function uploadPdf(basePath: string, file: File, onProgress: (fraction: number) => void): PdfUploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<ImportDocument>((resolve, reject) => {
    xhr.open('POST', `${API_BASE_PATH}${basePath}/purchase-orders/pdf-import/documents`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    const token = activeToken(appStore.get(sessionAtom), Date.now());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/pdf');
    xhr.setRequestHeader('Accept', 'application/json');
    // One upload is one action: a retry by hand is a new upload.
    xhr.setRequestHeader('Idempotency-Key', crypto.randomUUID());
    // Header values are Latin-1: a name with other characters is sent percent-encoded.
    if (file.name !== '') xhr.setRequestHeader('x-file-name', /^[\x20-\x7e]+$/.test(file.name) ? file.name : encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFromResponse(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        resolve(importDocumentSchema.parse(JSON.parse(xhr.responseText)));
      } catch (cause) {
        reject(invalidResponseError(xhr.status, 'Unexpected answer to the upload', [], cause));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(networkError());
    xhr.onabort = () => reject(abortedError());
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}
