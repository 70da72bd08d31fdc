import { type PriceRule, type PriceRuleInput, priceRuleInputSchema, roundingModes } from '@tradepost/shared/schemas/sales.ts';
import { issuesToFields } from '../catalog/field-errors.ts';

export type Rounding = (typeof roundingModes)[number];

/** A price rule as its form holds it: numbers as typed. */
export type PriceRuleDraft = { markup: string; rounding: Rounding; minMargin: string; enabled: boolean };
export type PriceRuleField = 'markup_percent' | 'rounding' | 'min_margin_percent' | 'enabled';

export const roundingLabels: Record<Rounding, string> = {
  none: 'No rounding',
  whole: 'Up to a whole amount (130.00)',
  '.99': 'Up to .99 (129.99)',
  '.95': 'Up to .95 (129.95)',
  '.49': 'Up to .49 (129.49)',
};

export const roundingShort: Record<Rounding, string> = { none: 'None', whole: 'Whole', '.99': '.99', '.95': '.95', '.49': '.49' };

const numberText = (value: number) => String(Math.round(value * 100) / 100);

export function draftFrom(rule: PriceRule): PriceRuleDraft {
  return {
    markup: numberText(rule.markup_percent),
    rounding: rule.rounding,
    minMargin: rule.min_margin_percent === null ? '' : numberText(rule.min_margin_percent),
    enabled: rule.enabled,
  };
}

function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace('%', '').replace(',', '.').replace('−', '-');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export type ParsedDraft = { ok: true; rule: PriceRuleInput } | { ok: false; errors: Partial<Record<PriceRuleField, string>> };

/** The draft as the API takes it, with the same messages the API would give, so the preview never asks with bad input. */
export function parseDraft(draft: PriceRuleDraft): ParsedDraft {
  const errors: Partial<Record<PriceRuleField, string>> = {};
  const markup = draft.markup.trim() === '' ? 0 : parseNumber(draft.markup);
  if (markup === null) errors.markup_percent = 'Enter a percentage such as 12 or 12.5 (0 for none)';
  const minMargin = draft.minMargin.trim() === '' ? null : parseNumber(draft.minMargin);
  if (draft.minMargin.trim() !== '' && minMargin === null) errors.min_margin_percent = 'Enter a percentage such as 20, or leave it empty';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const rule = { markup_percent: markup ?? 0, rounding: draft.rounding, min_margin_percent: minMargin, enabled: draft.enabled };
  const checked = priceRuleInputSchema.safeParse(rule);
  if (!checked.success) return { ok: false, errors: issuesToFields(checked.error.issues) };
  return { ok: true, rule };
}

export const sameDraft = (a: PriceRuleDraft, b: PriceRuleDraft): boolean =>
  parseNumber(a.markup) === parseNumber(b.markup) &&
  a.rounding === b.rounding &&
  (a.minMargin.trim() === '' ? null : parseNumber(a.minMargin)) === (b.minMargin.trim() === '' ? null : parseNumber(b.minMargin)) &&
  a.enabled === b.enabled;

export { roundingModes };
