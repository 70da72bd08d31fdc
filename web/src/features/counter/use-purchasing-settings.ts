import { type UseMutationResult, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { purchasingKeys } from '@tradepost/shared/query/purchasing.ts';
import { type PurchasingSettings, type PurchasingSettingsBody, purchasingSettingsSchema } from '@tradepost/shared/schemas/highest-bid.ts';
import { DEFAULT_PAYOUT_OPTIONS, type PayoutOptions } from '@tradepost/shared/schemas/payouts.ts';
import { api } from '../../app/api.ts';
import { usePurchasingSettings as useSettingsQuery } from '../highest-bid/use-highest-bid.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

// The business's purchasing settings: the target margin (highest-bid report) and the payout options
// the counter offers (in-store purchase, trade). One query and cache entry for both.

/** GET /purchasing/settings: the target margin and the payout options (defaults until saved). */
export function usePurchasingSettings(scope: BusinessScope | undefined, enabled = true): UseQueryResult<PurchasingSettings> {
  return useSettingsQuery(scope, enabled);
}

/** The payout options out of the settings; the defaults while they load. */
export function payoutOptionsOf(settings: PurchasingSettings | undefined): PayoutOptions {
  if (settings === undefined) return DEFAULT_PAYOUT_OPTIONS;
  return {
    payout_methods: settings.payout_methods,
    default_payout_method: settings.default_payout_method,
    store_credit_bonus_percent: settings.store_credit_bonus_percent,
  };
}

/** PUT /purchasing/settings with any of its fields (those left out keep their value). Errors stay on the form's fields. */
export function useSavePurchasingSettings(
  scope: BusinessScope | undefined,
): UseMutationResult<PurchasingSettings, Error, PurchasingSettingsBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchasingSettingsBody) => {
      if (scope === undefined) throw new Error('No business');
      return api.put(`${scope.basePath}/purchasing/settings`, { body, schema: purchasingSettingsSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (settings) => {
      if (scope !== undefined) queryClient.setQueryData(purchasingKeys.settings(scope.businessId), settings);
    },
  });
}
