import { z } from 'zod';
import { convertSize } from './conversions.ts';
import { type NormalisedSize, normaliseSize, type SizeHint } from './normalise-size.ts';
import { canonicalSize, type SizeFormatId, sizeFormatIdSchema } from './size-formats.ts';

/**
 * A size string an admin matched by hand (admin/manual-size-conversion-matching). It matches that
 * exact string again, ignoring only case and runs of whitespace: a learned rule must not start
 * matching strings nobody looked at.
 */
export type SizeRule = { readonly pattern: string; readonly formatId: SizeFormatId; readonly value: string };

/** Rules stored by pattern, for callers that apply many rules to many strings (listing imports). */
export type SizeRuleIndex = ReadonlyMap<string, SizeRule>;

/** The form a rule's pattern is compared in: whitespace collapsed, trimmed, lower case. */
export function sizeRulePattern(input: string): string {
  return input.replace(/\s+/g, ' ').trim().toLowerCase();
}

export const sizeRuleSchema = z
  .object({
    pattern: z.string().trim().min(1, { error: 'Pattern is required' }).max(80),
    formatId: sizeFormatIdSchema,
    value: z.string().trim().min(1, { error: 'Size is required' }).max(20),
  })
  .refine((rule) => canonicalSize(rule.formatId, rule.value) !== null, { error: 'Size is not in this size format', path: ['value'] });

/** The rule an admin's match becomes, with the pattern and value in stored form; null when the size is not in the format. */
export function createSizeRule(input: string, formatId: SizeFormatId, value: string): SizeRule | null {
  const pattern = sizeRulePattern(input);
  const canonical = canonicalSize(formatId, value);
  return pattern === '' || canonical === null ? null : { pattern, formatId, value: canonical };
}

/**
 * Keeps the first rule per pattern, so callers that keep history list the newest first. Rules whose
 * value left the format's run are dropped: they would put an impossible size on a variant.
 */
export function indexSizeRules(rules: readonly SizeRule[]): SizeRuleIndex {
  const index = new Map<string, SizeRule>();
  for (const rule of rules) {
    const pattern = sizeRulePattern(rule.pattern);
    const value = canonicalSize(rule.formatId, rule.value);
    if (pattern !== '' && value !== null && !index.has(pattern)) index.set(pattern, { pattern, formatId: rule.formatId, value });
  }
  return index;
}

function isRuleList(rules: readonly SizeRule[] | SizeRuleIndex): rules is readonly SizeRule[] {
  return Array.isArray(rules);
}

/** The admin's own match for this string, if there is one. Runs before normaliseSize. */
export function applySizeRules(input: string, rules: readonly SizeRule[] | SizeRuleIndex): NormalisedSize | null {
  const index: SizeRuleIndex = isRuleList(rules) ? indexSizeRules(rules) : rules;
  const rule = index.get(sizeRulePattern(input));
  return rule ? { formatId: rule.formatId, value: rule.value, confidence: 'exact' } : null;
}

/**
 * Learned rules first, then the built-in reading. A rule's size is converted to the hint's format the
 * same way normaliseSize converts, so both paths answer in the product's format.
 */
export function resolveSize(input: string, rules: readonly SizeRule[] | SizeRuleIndex, hint: SizeHint = {}): NormalisedSize | null {
  const learned = applySizeRules(input, rules);
  if (!learned) return normaliseSize(input, hint);
  if (!hint.formatId || hint.formatId === learned.formatId) return learned;
  const converted = convertSize(learned.value, learned.formatId, hint.formatId);
  return converted === null ? null : { formatId: hint.formatId, value: converted, confidence: 'converted' };
}
