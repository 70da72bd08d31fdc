import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@tradepost/shared/query/dashboard.ts';
import { type Dashboard, dashboardSchema } from '@tradepost/shared/schemas/sales-answers.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/** GET /analytics/dashboard (a spec §7 warm-up call): periods, stock value, the 30 days and channels. */
export function useDashboard(scope: BusinessScope | undefined): UseQueryResult<Dashboard> {
  return useQuery({
    queryKey: dashboardKeys.figures(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/analytics/dashboard`, { schema: dashboardSchema, signal });
    },
    enabled: scope !== undefined,
  });
}
