import {
  type PayoutMethod,
  type PayoutOptions,
  payoutMethodLabels,
  payoutMethods,
  payoutOptionsBodySchema,
} from '@tradepost/shared/schemas/payouts.ts';
import { issuesToFields } from '../../features/catalog/field-errors.ts';

/** The body from the form, checked by the API's own schema, and the default among the offered in the API's words. */
export function payoutOptionsBody(
  methods: readonly PayoutMethod[],
  defaultMethod: PayoutMethod,
  bonusText: string,
): { ok: true; body: PayoutOptions } | { ok: false; errors: Record<string, string> } {
  const trimmed = bonusText.trim();
  const bonus = trimmed === '' ? 0 : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const ordered = payoutMethods.filter((method) => methods.includes(method));
  const candidate = { payout_methods: ordered, default_payout_method: defaultMethod, store_credit_bonus_percent: bonus };
  const parsed = payoutOptionsBodySchema.safeParse(candidate);
  const errors = parsed.success ? {} : issuesToFields(parsed.error.issues);
  if (Number.isNaN(bonus)) errors.store_credit_bonus_percent = 'Store credit bonus must be a whole number of percent';
  if (ordered.length > 0 && !ordered.includes(defaultMethod))
    errors.default_payout_method ??= `${payoutMethodLabels[defaultMethod]} is not offered: offer it, or choose another default`;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body: candidate };
}
