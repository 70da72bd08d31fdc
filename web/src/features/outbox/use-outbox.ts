import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { outboxKeys } from '@tradepost/shared/query/outbox.ts';
import { type Outbox, outboxSchema } from '@tradepost/shared/schemas/outbox.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { useCan } from '../session/use-can.ts';

/**
 * GET /businesses/{id}/outbox: whether mail is sent, and the mail that was not, newest first. The
 * owner's alone (`outbox:read`); never asked without it, as a 403 would end the session. Asked again
 * whenever it is shown: an invitation sent from Users a moment ago must be there.
 */
export function useOutbox(scope: BusinessScope | undefined): UseQueryResult<Outbox> {
  const allowed = useCan()('outbox:read');
  return useQuery({
    queryKey: outboxKeys.list(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/outbox`, { schema: outboxSchema, signal, fresh: true });
    },
    enabled: scope !== undefined && allowed,
    staleTime: 0,
  });
}
