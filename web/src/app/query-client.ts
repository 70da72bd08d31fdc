import { QueryClient } from '@tanstack/react-query';
import { queryClientDefaults } from '@tradepost/shared/query/policy.ts';

/** Server state lives only here (spec §9 retry, freshness and refetch rules come from the shared policy). */
export const queryClient = new QueryClient({ defaultOptions: queryClientDefaults });
