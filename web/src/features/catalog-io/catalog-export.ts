import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { saveFile, today } from './save-file.ts';

/**
 * GET /catalog/export.csv through the API client (it carries the token) and saves it. The client
 * answers text for text/csv; a Blob is taken as it is should the client hand one over.
 */
export async function downloadCatalogCsv(scope: BusinessScope): Promise<void> {
  const answer: unknown = await api.get(`${scope.basePath}/catalog/export.csv`, { fresh: true, headers: { Accept: 'text/csv' } });
  // The byte-order mark tells spreadsheet programs the file is UTF-8 (text decoding drops it).
  const text = typeof answer === 'string' ? answer.replace(/^\uFEFF/, '') : '';
  const blob = answer instanceof Blob ? answer : new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `catalog-${today()}.csv`);
}
