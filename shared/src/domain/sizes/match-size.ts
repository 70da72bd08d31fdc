import { convertSize } from './conversions.ts';
import { builtInToCustom, type CustomSizeFormatData, customCanonical, customToBuiltIn } from './custom-size-format.ts';
import { normaliseSize, type SizeConfidence, type SizeHintCategory } from './normalise-size.ts';
import { canonicalSize, isSizeFormatId } from './size-formats.ts';
import { sizeRulePattern } from './size-rule.ts';

/** A learned rule as stored: its format may be built-in or (for a business's own rule) one of its custom formats. */
export type LearnedSizeRule = { readonly pattern: string; readonly formatId: string; readonly value: string };

/** Which reading answered: the built-in normaliser, a custom run's own spelling, or an admin's rule. */
export type SizeMatchSource = 'built_in' | 'custom' | 'rule';
export type SizeMatch = {
  readonly format: string;
  readonly size: string;
  readonly via: SizeMatchSource;
  readonly confidence: SizeConfidence;
};

export type SizeMatchContext = {
  /** The product's format ('us-men' or 'custom:<uuid>'): the answer is in this format or null. */
  readonly formatHint?: string;
  readonly category?: SizeHintCategory;
  /** The business's custom formats by id; the hint's and every custom rule's format must be here to be used. */
  readonly customFormats: ReadonlyMap<string, CustomSizeFormatData>;
  /** Rules of the business, tried before the global ones. Only rules whose pattern matches are used. */
  readonly businessRules: readonly LearnedSizeRule[];
  readonly globalRules: readonly LearnedSizeRule[];
};

// Marketplaces prefix sizes with 'Size:'; a custom run's own spelling ('Size: 7', 'Size7') is still an exact hit.
const LEADING_SIZE_WORD = /^\s*(?:size|sz)(?:\b|(?=\d))\.?\s*[:-]?\s*/i;

function builtInReading(raw: string, context: SizeMatchContext, custom: CustomSizeFormatData | undefined): SizeMatch | null {
  if (custom) {
    const own = customCanonical(custom, raw) ?? customCanonical(custom, raw.replace(LEADING_SIZE_WORD, ''));
    if (own !== null) return { format: custom.id, size: own, via: 'custom', confidence: 'exact' };
    if (custom.conversionFormat === null) return null;
    const read = normaliseSize(raw, { formatId: custom.conversionFormat, category: context.category ?? custom.category ?? undefined });
    const size = read ? builtInToCustom(custom, read.value, read.formatId) : null;
    return size === null ? null : { format: custom.id, size, via: 'built_in', confidence: 'converted' };
  }
  const hint = context.formatHint !== undefined && isSizeFormatId(context.formatHint) ? context.formatHint : undefined;
  const read = normaliseSize(raw, { formatId: hint, category: context.category });
  return read ? { format: read.formatId, size: read.value, via: 'built_in', confidence: read.confidence } : null;
}

/** A rule's answer in the hint's format, or null when the rule's size has no equivalent there. */
function applyRule(rule: LearnedSizeRule, context: SizeMatchContext, custom: CustomSizeFormatData | undefined): SizeMatch | null {
  const hint = context.formatHint;
  const exact = (format: string, size: string): SizeMatch => ({ format, size, via: 'rule', confidence: 'exact' });
  const converted = (format: string, size: string): SizeMatch => ({ format, size, via: 'rule', confidence: 'converted' });

  if (isSizeFormatId(rule.formatId)) {
    // A size that left the run since the rule was made would put an impossible size on a variant.
    const value = canonicalSize(rule.formatId, rule.value);
    if (value === null) return null;
    if (hint === undefined || hint === rule.formatId) return exact(rule.formatId, value);
    if (custom) {
      const size = builtInToCustom(custom, value, rule.formatId);
      return size === null ? null : converted(custom.id, size);
    }
    if (!isSizeFormatId(hint)) return null;
    const size = convertSize(value, rule.formatId, hint);
    return size === null ? null : converted(hint, size);
  }

  const ruleFormat = context.customFormats.get(rule.formatId);
  const value = ruleFormat ? customCanonical(ruleFormat, rule.value) : null;
  if (!ruleFormat || value === null) return null;
  if (hint === undefined || hint === ruleFormat.id) return exact(ruleFormat.id, value);
  if (!isSizeFormatId(hint)) return null;
  const builtIn = customToBuiltIn(ruleFormat, value);
  const size = builtIn ? convertSize(builtIn[1], builtIn[0], hint) : null;
  return size === null ? null : converted(hint, size);
}

/**
 * Reads a marketplace size string: the built-in normaliser first (or the custom run's own spelling
 * and its conversions when the hint is a custom format), then the business's learned rules, then the
 * global ones. Null means nobody can read it yet: the caller queues it for an admin.
 */
export function matchSizeString(raw: string, context: SizeMatchContext): SizeMatch | null {
  const custom = context.formatHint === undefined ? undefined : context.customFormats.get(context.formatHint);
  // A custom hint this business does not have reads as no hint would be wrong: it names a run we cannot see.
  if (context.formatHint !== undefined && !custom && !isSizeFormatId(context.formatHint)) return null;
  const read = builtInReading(raw, context, custom);
  if (read) return read;
  const pattern = sizeRulePattern(raw);
  if (pattern === '') return null;
  for (const rule of [...context.businessRules, ...context.globalRules]) {
    if (sizeRulePattern(rule.pattern) !== pattern) continue;
    const applied = applyRule(rule, context, custom);
    if (applied) return applied;
  }
  return null;
}
