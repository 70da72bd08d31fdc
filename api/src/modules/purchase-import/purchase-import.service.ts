import type { EntityManager } from '@mikro-orm/postgresql';
import {
  defaultImportRules,
  type ImportDocument,
  type ImportPreview,
  type ImportPreviewBody,
  type ImportRules,
  importRulesSchema,
} from '@tradepost/shared/schemas/purchase-import.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { findVendor } from '../purchasing/public.ts';
import { type FoundLine, findLines, PatternTooSlow, patternProblem } from './line-finding.ts';
import { matchLines } from './matching.ts';
import { NotAPdf, readPdfText, type TextLine } from './pdf-text.ts';
import { fileEmpty, notAPdf } from './pdf-upload.ts';

/**
 * Rules as they are kept: an empty pattern is no pattern, and a pattern must compile and have the
 * groups `sku` and `quantity` (400 naming `field`). Pattern mode needs one.
 */
export function checkedRules(rules: ImportRules, field: string): ImportRules {
  const pattern = rules.pattern?.trim() ? rules.pattern : null;
  const blank = (text: string | null) => (text?.trim() ? text.trim() : null);
  const problem =
    pattern !== null ? patternProblem(pattern) : rules.mode === 'pattern' ? 'Write the pattern that reads a line, or choose auto' : null;
  if (problem) throw new Invalid(problem, [{ field, message: problem }]);
  return { ...rules, pattern, start_after: blank(rules.start_after), stop_at: blank(rules.stop_at) };
}

/** The vendor's saved rules, or the defaults when none were saved (or the saved ones no longer parse). */
export async function getImportRules(em: EntityManager, businessId: string, vendorId: string): Promise<ImportRules> {
  const row = await tenantDb(em, businessId)
    .selectFrom('vendor_import_rules')
    .select('rules')
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  const saved = importRulesSchema.safeParse(row?.rules);
  return saved.success ? saved.data : defaultImportRules;
}

export async function saveImportRules(em: EntityManager, businessId: string, vendorId: string, input: ImportRules): Promise<ImportRules> {
  const rules = checkedRules(input, 'pattern');
  await em.transactional(async (tx) => {
    await tenantDb(tx, businessId)
      .insertInto('vendor_import_rules')
      .values({ vendor_id: vendorId, rules: JSON.stringify(rules) })
      .onConflict((conflict) =>
        conflict.columns(['business_id', 'vendor_id']).doUpdateSet({ rules: JSON.stringify(rules), updated_at: sql`now()` }),
      )
      .execute();
    // Another tab reviewing this vendor's PDF previews with the new rules.
    await emit(tx, businessId, 'purchasing.changed', { vendor_id: vendorId });
  });
  return rules;
}

/** A file name from the optional `x-file-name` header (URI-encoded when it is not ASCII), trimmed to something showable. */
export function fileNameFrom(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not encoded: use it as sent.
  }
  const clean = name
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255);
  return clean === '' ? null : clean;
}

/** Reads an uploaded PDF's text once and keeps its lines (a day) for previews. */
export async function storeImportDocument(
  em: EntityManager,
  businessId: string,
  body: unknown,
  fileName: string | null,
): Promise<ImportDocument> {
  const bytes = Buffer.isBuffer(body) ? body : null;
  if (!bytes || bytes.length === 0) {
    if (body === undefined || body === null || bytes?.length === 0) throw fileEmpty();
    throw notAPdf();
  }
  const text = await readPdfText(bytes).catch((error: unknown) => {
    if (error instanceof NotAPdf) throw notAPdf();
    throw error;
  });
  const row = await tenantDb(em, businessId)
    .insertInto('purchase_import_documents')
    .values({
      id: newId(),
      file_name: fileName,
      page_count: text.pageCount,
      has_text: text.hasText,
      lines: JSON.stringify(text.lines),
    })
    .returning(['id', 'file_name', 'page_count', 'has_text', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** The document's lines found with the vendor's rules (or the ones sent to try) and matched to our sizes. */
export async function previewImport(
  em: EntityManager,
  businessId: string,
  documentId: string,
  body: ImportPreviewBody,
): Promise<ImportPreview> {
  const vendor = await findVendor(em, businessId, body.vendor_id);
  if (!vendor) throw new NotFound('Vendor not found');
  const rules = body.rules ? checkedRules(body.rules, 'rules.pattern') : await getImportRules(em, businessId, vendor.id);
  const document = await tenantDb(em, businessId)
    .selectFrom('purchase_import_documents')
    .select(['page_count', 'has_text', 'lines'])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!document) throw new NotFound('Import document not found');
  const textLines = document.lines as TextLine[];
  let found: FoundLine[] = [];
  try {
    found = document.has_text ? findLines(textLines, rules) : [];
  } catch (error) {
    if (!(error instanceof PatternTooSlow)) throw error;
    const message = 'The pattern takes too long on this document: make it simpler (avoid nested repeats such as (a+)+)';
    throw new Invalid(message, [{ field: body.rules ? 'rules.pattern' : 'pattern', message }]);
  }
  return { page_count: document.page_count, has_text: document.has_text, lines: await matchLines(em, businessId, found), rules };
}
