import type { EntityManager } from '@mikro-orm/postgresql';
import { customCanonical } from '@tradepost/shared/domain/sizes/custom-size-format.ts';
import { type LearnedSizeRule, matchSizeString, type SizeMatch } from '@tradepost/shared/domain/sizes/match-size.ts';
import type { SizeHintCategory } from '@tradepost/shared/domain/sizes/normalise-size.ts';
import { customSizeFormatId, customSizeFormatUuid, isCustomSizeFormatId } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import {
  canonicalSize,
  getSizeFormat,
  isSizeFormatId,
  SIZE_FORMATS,
  shownSizeLabel,
  sizeLabel,
} from '@tradepost/shared/domain/sizes/size-formats.ts';
import { sizeRulePattern } from '@tradepost/shared/domain/sizes/size-rule.ts';
import { suggestSizes } from '@tradepost/shared/domain/sizes/size-suggestions.ts';
import type {
  MatchSizeBody,
  SizeChoiceFormat,
  SizeMatchDto,
  SizeQueueEntry,
  SizeQueueList,
  SizeQueueStatus,
  SizeRuleDto,
  SizeRuleList,
  SizeSource,
} from '@tradepost/shared/schemas/sizes.ts';
import { sizeQueueStatuses } from '@tradepost/shared/schemas/sizes.ts';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { type CustomFormatRow, customFormatData, loadCustomFormats } from './size-formats.service.ts';

// A string seen by many businesses keeps a few examples: enough for an admin to ask one of them.
const EXAMPLE_BUSINESSES = 10;

export type NormaliseSizeInput = {
  businessId: string;
  raw: string;
  /** The product's format, built-in or 'custom:<uuid>' of this business. */
  formatHint?: string | undefined;
  category?: SizeHintCategory | undefined;
  source: SizeSource;
};

/**
 * Reads a marketplace size string for a business: built-in normaliser, then the business's learned
 * rules, then global ones. Nothing matched → the string is queued for the admins (one row per
 * normalised string and format hint, counting sightings) and null is returned. Imports call this
 * per listing, so it answers from two small indexed reads.
 */
export async function normaliseSizeString(em: EntityManager, input: NormaliseSizeInput): Promise<SizeMatch | null> {
  const pattern = sizeRulePattern(input.raw);
  if (pattern === '') return null;
  const [formats, rules] = await Promise.all([
    loadCustomFormats(em, input.businessId),
    // The builder reads the business's rules and the global ones (no business): size_rules is a shared-row table.
    tenantDb(em, input.businessId)
      .selectFrom('size_rules')
      .where('pattern', '=', pattern)
      .select(['business_id', 'pattern', 'format_id', 'value'])
      .orderBy('business_id', (order) => order.nullsLast())
      .execute(),
  ]);
  const customFormats = new Map(formats.map((row) => [customSizeFormatId(row.id), customFormatData(row)]));
  if (input.formatHint !== undefined && isCustomSizeFormatId(input.formatHint) && !customFormats.has(input.formatHint)) {
    throw new Invalid('Unknown size format', [{ field: 'format_hint', message: 'Unknown size format' }]);
  }
  const toRule = (row: (typeof rules)[number]): LearnedSizeRule => ({ pattern: row.pattern, formatId: row.format_id, value: row.value });
  const match = matchSizeString(input.raw, {
    formatHint: input.formatHint,
    category: input.category,
    customFormats,
    businessRules: rules.filter((row) => row.business_id !== null).map(toRule),
    globalRules: rules.filter((row) => row.business_id === null).map(toRule),
  });
  if (match) return match;
  await enqueue(em, input, pattern);
  return null;
}

async function enqueue(em: EntityManager, input: NormaliseSizeInput, pattern: string): Promise<void> {
  // One statement: concurrent imports of the same string count up the one row instead of racing to insert.
  await em.execute(
    `INSERT INTO size_match_queue (id, pattern, raw, format_hint, sources, business_ids)
     VALUES (?, ?, ?, ?, ARRAY[?]::text[], ARRAY[?]::uuid[])
     ON CONFLICT (pattern, format_hint) DO UPDATE SET
       seen_count = size_match_queue.seen_count + 1,
       last_seen_at = now(),
       sources = CASE WHEN EXCLUDED.sources[1] = ANY(size_match_queue.sources) THEN size_match_queue.sources
                      ELSE size_match_queue.sources || EXCLUDED.sources END,
       business_ids = CASE WHEN EXCLUDED.business_ids[1] = ANY(size_match_queue.business_ids)
                             OR cardinality(size_match_queue.business_ids) >= ? THEN size_match_queue.business_ids
                           ELSE size_match_queue.business_ids || EXCLUDED.business_ids END,
       -- A matched string seen unmatched again lost its rule (deleted, or no equivalent in this format).
       status = CASE WHEN size_match_queue.status = 'matched' THEN 'open' ELSE size_match_queue.status END,
       resolved_at = CASE WHEN size_match_queue.status = 'matched' THEN NULL ELSE size_match_queue.resolved_at END`,
    [newId(), pattern, input.raw.replace(/\s+/g, ' ').trim(), input.formatHint ?? '', input.source, input.businessId, EXAMPLE_BUSINESSES],
  );
}

/** The name of any format id, for labels: built-in, custom (from the rows at hand) or the id itself. */
function formatName(formatId: string, customRows: ReadonlyMap<string, CustomFormatRow>): string {
  if (isSizeFormatId(formatId)) return getSizeFormat(formatId).name;
  return customRows.get(formatId)?.name ?? formatId;
}

export function presentMatch(match: SizeMatch, customRows: ReadonlyMap<string, CustomFormatRow>): SizeMatchDto {
  return {
    format: match.format,
    format_name: formatName(match.format, customRows),
    size: match.size,
    label: shownSizeLabel(match.format, match.size),
    via: match.via,
    confidence: match.confidence,
  };
}

/** For the route: the match with its names, reading the business's formats again only when the answer is custom. */
export async function presentMatchFor(em: EntityManager, businessId: string, match: SizeMatch): Promise<SizeMatchDto> {
  const rows = isCustomSizeFormatId(match.format) ? await loadCustomFormats(em, businessId) : [];
  return presentMatch(match, new Map(rows.map((row) => [customSizeFormatId(row.id), row])));
}

// ——— admin ———

type QueueRow = {
  id: string;
  pattern: string;
  raw: string;
  format_hint: string;
  sources: string[];
  business_ids: string[];
  seen_count: number;
  status: SizeQueueStatus;
  rule_id: string | null;
  rule_format_id: string | null;
  rule_value: string | null;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  resolved_at: Date | string | null;
};

// Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): the super-admin size matching queue serves every business; entries name rules of any business.
const QUEUE_SELECT = `SELECT q.id, q.pattern, q.raw, q.format_hint, q.sources, q.business_ids::text[] AS business_ids, q.seen_count, q.status,
  q.rule_id, r.format_id AS rule_format_id, r.value AS rule_value, q.first_seen_at, q.last_seen_at, q.resolved_at
  FROM size_match_queue q LEFT JOIN size_rules r ON r.id = q.rule_id`;

const iso = (value: Date | string) => new Date(value).toISOString();
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function choiceFromCustom(row: CustomFormatRow, businessName: string): SizeChoiceFormat {
  return {
    id: customSizeFormatId(row.id),
    name: row.name,
    sizes: row.sizes,
    labels: row.sizes,
    business: { id: row.business_id, name: businessName },
  };
}

export const BUILT_IN_CHOICES: readonly SizeChoiceFormat[] = SIZE_FORMATS.map((format) => ({
  id: format.id,
  name: format.name,
  sizes: [...format.values],
  labels: format.values.map((value) => sizeLabel(format.id, value)),
  business: null,
}));

/** Business names and custom formats for a page of entries, in two reads whatever the page size. */
async function entryContext(em: EntityManager, rows: readonly QueueRow[]) {
  const businessIds = [...new Set(rows.flatMap((row) => row.business_ids))];
  const ids = JSON.stringify(businessIds);
  // Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): the super-admin size matching queue shows the custom formats of every business that sent an entry.
  const [businesses, formats] = await Promise.all([
    businessIds.length
      ? em.execute<{ id: string; name: string }[]>(
          'SELECT id, name FROM businesses WHERE id::text IN (SELECT jsonb_array_elements_text(?::jsonb))',
          [ids],
        )
      : [],
    businessIds.length
      ? em.execute<CustomFormatRow[]>(
          `SELECT id, business_id, name, category, sizes, conversion_format, conversions, created_at, updated_at
           FROM custom_size_formats WHERE business_id::text IN (SELECT jsonb_array_elements_text(?::jsonb)) ORDER BY lower(name)`,
          [ids],
        )
      : [],
  ]);
  return {
    names: new Map(businesses.map((b) => [b.id, b.name])),
    formats: new Map(formats.map((row) => [customSizeFormatId(row.id), row])),
  };
}

function presentEntry(row: QueueRow, context: Awaited<ReturnType<typeof entryContext>>): SizeQueueEntry {
  const hint = row.format_hint === '' ? null : row.format_hint;
  const customFormats = [...context.formats.values()]
    .filter((format) => row.business_ids.includes(format.business_id))
    .map((format) => choiceFromCustom(format, context.names.get(format.business_id) ?? ''));
  const suggestions = suggestSizes(row.raw, hint ?? undefined).map((s) => ({ format_id: s.formatId, size: s.value, label: s.label }));
  // A custom hint: its own sizes that the string names lead the guesses.
  const hintFormat = hint ? context.formats.get(hint) : undefined;
  const own = hintFormat ? customCanonical({ sizes: hintFormat.sizes }, row.raw.replace(/^\s*(?:size|sz)\b\.?\s*[:-]?\s*/i, '')) : null;
  return {
    id: row.id,
    raw: row.raw,
    pattern: row.pattern,
    format_hint: hint,
    format_hint_name: hint ? formatName(hint, context.formats) : null,
    sources: row.sources,
    seen_count: row.seen_count,
    businesses: row.business_ids.map((id) => ({ id, name: context.names.get(id) ?? 'Deleted business' })),
    status: row.status,
    first_seen_at: iso(row.first_seen_at),
    last_seen_at: iso(row.last_seen_at),
    resolved_at: row.resolved_at ? iso(row.resolved_at) : null,
    suggestions: own && hint ? [{ format_id: hint, size: own, label: own }, ...suggestions] : suggestions,
    custom_formats: customFormats,
    rule:
      row.rule_format_id && row.rule_value
        ? { format_id: row.rule_format_id, size: row.rule_value, label: shownSizeLabel(row.rule_format_id, row.rule_value) }
        : null,
  };
}

export async function listSizeQueue(
  em: EntityManager,
  query: { status: SizeQueueStatus; q?: string | undefined; limit: number; offset: number },
): Promise<SizeQueueList> {
  const where = query.q ? 'WHERE q.status = ? AND (q.pattern LIKE ? OR q.raw ILIKE ?)' : 'WHERE q.status = ?';
  const like = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : '';
  const params = query.q ? [query.status, like, like] : [query.status];
  const [rows, total, grouped] = await Promise.all([
    em.execute<QueueRow[]>(`${QUEUE_SELECT} ${where} ORDER BY q.seen_count DESC, q.last_seen_at DESC, q.id LIMIT ? OFFSET ?`, [
      ...params,
      query.limit,
      query.offset,
    ]),
    em.execute<{ n: number }[]>(`SELECT count(*)::int AS n FROM size_match_queue q ${where}`, params),
    em.execute<{ status: SizeQueueStatus; n: number }[]>('SELECT status, count(*)::int AS n FROM size_match_queue GROUP BY status'),
  ]);
  const context = await entryContext(em, rows);
  const counts = Object.fromEntries(sizeQueueStatuses.map((status) => [status, 0])) as Record<SizeQueueStatus, number>;
  for (const row of grouped) counts[row.status] = row.n;
  return { items: rows.map((row) => presentEntry(row, context)), total: total[0]?.n ?? 0, counts, built_in_formats: [...BUILT_IN_CHOICES] };
}

async function findEntry(em: EntityManager, entryId: string): Promise<QueueRow> {
  const [row] = await em.execute<QueueRow[]>(`${QUEUE_SELECT} WHERE q.id = ?`, [entryId]);
  if (!row) throw new NotFound('Queue entry not found');
  return row;
}

export async function getSizeQueueEntry(em: EntityManager, entryId: string): Promise<SizeQueueEntry> {
  const row = await findEntry(em, entryId);
  return presentEntry(row, await entryContext(em, [row]));
}

export async function dismissSizeQueueEntry(em: EntityManager, entryId: string): Promise<SizeQueueEntry> {
  const updated = await em.execute<{ id: string }[]>(
    "UPDATE size_match_queue SET status = 'dismissed', resolved_at = now() WHERE id = ? RETURNING id",
    [entryId],
  );
  if (updated.length === 0) throw new NotFound('Queue entry not found');
  return getSizeQueueEntry(em, entryId);
}

type RuleRow = {
  id: string;
  pattern: string;
  format_id: string;
  value: string;
  business_id: string | null;
  business_name: string | null;
  created_by: string | null;
  created_at: Date | string;
  custom_name: string | null;
};

// Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): the super-admin size matching queue serves every business; the rule list shows every business's rules.
const RULE_SELECT = `SELECT r.id, r.pattern, r.format_id, r.value, r.business_id, b.name AS business_name, u.email AS created_by, r.created_at,
  f.name AS custom_name
  FROM size_rules r
  LEFT JOIN businesses b ON b.id = r.business_id
  LEFT JOIN users u ON u.id = r.created_by
  LEFT JOIN custom_size_formats f ON r.format_id = 'custom:' || f.id::text AND f.business_id = r.business_id`;

function presentRule(row: RuleRow): SizeRuleDto {
  return {
    id: row.id,
    pattern: row.pattern,
    format_id: row.format_id,
    format_name: isSizeFormatId(row.format_id) ? getSizeFormat(row.format_id).name : (row.custom_name ?? row.format_id),
    size: row.value,
    label: shownSizeLabel(row.format_id, row.value),
    business: row.business_id ? { id: row.business_id, name: row.business_name ?? '' } : null,
    created_by: row.created_by,
    created_at: iso(row.created_at),
  };
}

/**
 * An admin's match becomes a rule: global for a built-in format, the business's own for one of its
 * custom formats (no other business can read that run). The entry and every open or dismissed entry
 * with the same string that the rule now answers are marked matched.
 */
export async function matchSizeQueueEntry(
  em: EntityManager,
  adminUserId: string,
  entryId: string,
  body: MatchSizeBody,
): Promise<{ rule: SizeRuleDto; matched_entries: number }> {
  const entry = await findEntry(em, entryId);
  let businessId: string | null = null;
  let size: string | null;
  if (isSizeFormatId(body.format_id)) {
    size = canonicalSize(body.format_id, body.size);
    if (size === null) {
      throw new Invalid('Size is not in this size format', [
        { field: 'size', message: `${body.size} is not in the ${getSizeFormat(body.format_id).name} size run` },
      ]);
    }
  } else {
    const uuid = customSizeFormatUuid(body.format_id);
    // Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): the super-admin matches for any business: the custom format says which business the rule serves.
    const [format] = uuid
      ? await em.execute<CustomFormatRow[]>(
          'SELECT id, business_id, name, category, sizes, conversion_format, conversions, created_at, updated_at FROM custom_size_formats WHERE id = ?',
          [uuid],
        )
      : [];
    // Only a format of a business that sent the string: a rule there serves that business alone.
    if (!format || !entry.business_ids.includes(format.business_id)) {
      throw new Invalid('Unknown size format', [
        { field: 'format_id', message: 'Choose a built-in format or a custom format of a business that sent this string' },
      ]);
    }
    businessId = format.business_id;
    size = customCanonical({ sizes: format.sizes }, body.size);
    if (size === null)
      throw new Invalid('Size is not in this size format', [{ field: 'size', message: `${body.size} is not in ${format.name}` }]);
  }
  const ruleSize = size;

  return em.transactional(async (tx) => {
    const conflict = businessId === null ? '(pattern) WHERE business_id IS NULL' : '(business_id, pattern) WHERE business_id IS NOT NULL';
    // Matching a string again (two admins, or a correction) replaces the earlier answer.
    // Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): a super-admin's rule is global (no business) or a business's own, found from its custom format.
    const [rule] = await tx.execute<{ id: string }[]>(
      `INSERT INTO size_rules (id, business_id, pattern, format_id, value, created_by) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT ${conflict} DO UPDATE SET format_id = EXCLUDED.format_id, value = EXCLUDED.value,
         created_by = EXCLUDED.created_by, created_at = now()
       RETURNING id`,
      [newId(), businessId, entry.pattern, body.format_id, ruleSize, adminUserId],
    );
    if (!rule) throw new Error('size rule upsert returned nothing');
    const scope = businessId === null ? '' : ' AND (id = ? OR business_ids <@ ARRAY[?]::uuid[])';
    const matched = await tx.execute<{ id: string }[]>(
      `UPDATE size_match_queue SET status = 'matched', rule_id = ?, resolved_at = now()
       WHERE pattern = ? AND (status <> 'matched' OR id = ?)${scope} RETURNING id`,
      [rule.id, entry.pattern, entry.id, ...(businessId === null ? [] : [entry.id, businessId])],
    );
    const [row] = await tx.execute<RuleRow[]>(`${RULE_SELECT} WHERE r.id = ?`, [rule.id]);
    if (!row) throw new Error('size rule vanished');
    return { rule: presentRule(row), matched_entries: matched.length };
  });
}

export async function listSizeRules(
  em: EntityManager,
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<SizeRuleList> {
  const where = query.q ? 'WHERE r.pattern LIKE ?' : '';
  const params = query.q ? [`%${escapeLike(query.q.toLowerCase())}%`] : [];
  const [rows, total] = await Promise.all([
    em.execute<RuleRow[]>(`${RULE_SELECT} ${where} ORDER BY r.created_at DESC, r.id LIMIT ? OFFSET ?`, [
      ...params,
      query.limit,
      query.offset,
    ]),
    // Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): the super-admin rule list counts every business's rules.
    em.execute<{ n: number }[]>(`SELECT count(*)::int AS n FROM size_rules r ${where}`, params),
  ]);
  return { items: rows.map(presentRule), total: total[0]?.n ?? 0 };
}

/** The strings the rule answered are unmatched again: back to the queue rather than silently lost. */
export async function deleteSizeRule(em: EntityManager, ruleId: string): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute("UPDATE size_match_queue SET status = 'open', resolved_at = NULL, rule_id = NULL WHERE rule_id = ?", [ruleId]);
    // Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): the super-admin deletes a rule of any business (or a global one).
    const deleted = await tx.execute<{ id: string }[]>('DELETE FROM size_rules WHERE id = ? RETURNING id', [ruleId]);
    if (deleted.length === 0) throw new NotFound('Rule not found');
  });
}
