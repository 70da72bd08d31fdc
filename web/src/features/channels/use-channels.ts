import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channelKeys } from '@tradepost/shared/query/channels.ts';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import { type Channel, channelSchema, type updateChannelBodySchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export type ChannelUpdate = z.input<typeof updateChannelBodySchema>;

/** One channel of each kind, with its 30-day sales. */
export function useChannels(scope: BusinessScope | undefined): UseQueryResult<Channel[]> {
  return useQuery({
    queryKey: channelKeys.list(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/channels`, { schema: z.array(channelSchema), signal });
    },
    enabled: scope !== undefined,
  });
}

export function useUpdateChannel(
  scope: BusinessScope | undefined,
): UseMutationResult<Channel, Error, { channelId: string; body: ChannelUpdate }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, body }) => {
      if (scope === undefined) throw new Error('No business');
      return api.patch(`${scope.basePath}/channels/${encodeURIComponent(channelId)}`, { body, schema: channelSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (channel) => {
      if (scope === undefined) return;
      queryClient.setQueryData<Channel[]>(channelKeys.list(scope.businessId), (list) =>
        list?.map((existing) => (existing.id === channel.id ? channel : existing)),
      );
      // Sales, failed orders, price rules and pick rules name channels. A rename or switching a channel
      // on or off publishes no event (`channel.changed` is what sync reads: buffer, sync switch), so
      // the sales area refreshes here.
      for (const area of ['sales', 'failed-orders', 'price-rules', 'pick-rules']) api.invalidate(`${scope.basePath}/${area}`);
      void queryClient.invalidateQueries({ queryKey: salesKeys.all });
    },
  });
}
