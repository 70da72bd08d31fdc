import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { syncKeys } from '@tradepost/shared/query/sync.ts';
import {
  type ChannelSettingsSaved,
  channelSettingsSavedSchema,
  type ProductChannelSettings,
  productChannelSettingsSchema,
  type SaveChannelSettingsBody,
} from '@tradepost/shared/schemas/channel-settings.ts';
import { api } from '../../../app/api.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const settingsPath = (scope: BusinessScope, productId: string) =>
  `${scope.basePath}/products/${encodeURIComponent(productId)}/channel-settings`;

/** The product's settings on every connected marketplace; only asked for by a role that may read listings. */
export function useChannelSettings(
  scope: BusinessScope | undefined,
  productId: string,
  enabled: boolean,
): UseQueryResult<ProductChannelSettings> {
  return useQuery({
    queryKey: syncKeys.channelSettings(scope?.businessId ?? '', productId),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(settingsPath(scope, productId), { schema: productChannelSettingsSchema, signal });
    },
    enabled: scope !== undefined && enabled,
  });
}

/**
 * Saves one marketplace's settings. The answer replaces that channel in the cached settings; a
 * listing it changed publishes `listing.changed`, whose stale keys refresh the rest (app/api.ts).
 * A save that changed no listing publishes nothing, and nothing else shows these settings.
 */
export function useSaveChannelSettings(
  scope: BusinessScope | undefined,
  productId: string,
): UseMutationResult<ChannelSettingsSaved, Error, { connectionId: string; body: SaveChannelSettingsBody }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, body }) => {
      if (scope === undefined) throw new Error('No business');
      return api.put(`${settingsPath(scope, productId)}/${encodeURIComponent(connectionId)}`, {
        body,
        schema: channelSettingsSavedSchema,
      });
    },
    // Each card shows its errors beside its fields.
    meta: { quietErrors: true },
    // A save may update a live listing on the marketplace: never sent twice by the client.
    retry: false,
    onSuccess: ({ update_error: _, ...saved }) => {
      if (scope === undefined) return;
      queryClient.setQueryData<ProductChannelSettings>(syncKeys.channelSettings(scope.businessId, productId), (previous) =>
        previous === undefined
          ? previous
          : { channels: previous.channels.map((channel) => (channel.connection.id === saved.connection.id ? saved : channel)) },
      );
    },
  });
}
