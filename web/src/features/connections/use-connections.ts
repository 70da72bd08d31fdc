import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channelKeys } from '@tradepost/shared/query/channels.ts';
import { connectionKeys } from '@tradepost/shared/query/connections.ts';
import {
  type AuthorizeConnectionBody,
  authorizeConnectionResultSchema,
  type Connection,
  connectionSchema,
  type MarketplacePlatform,
  type PlatformConnection,
  platformConnectionSchema,
  type UpdateConnectionBody,
} from '@tradepost/shared/schemas/connections.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

type AuthorizeResult = z.infer<typeof authorizeConnectionResultSchema>;

function requireScope(scope: BusinessScope | undefined): BusinessScope {
  if (scope === undefined) throw new Error('No business');
  return scope;
}

/** eBay, Shopify and Square, each with its connection or none. */
export function useConnections(scope: BusinessScope | undefined): UseQueryResult<PlatformConnection[]> {
  return useQuery({
    queryKey: connectionKeys.list(scope?.businessId ?? ''),
    queryFn: ({ signal }) => api.get(`${requireScope(scope).basePath}/connections`, { schema: z.array(platformConnectionSchema), signal }),
    enabled: scope !== undefined,
  });
}

/**
 * Disconnecting publishes no domain event (sync simply stops finding a connected account), so the
 * connections and the channels that show them are read again here. The API client drops its own
 * cached /connections after the write; /channels is another area.
 */
function useRefreshAfterDisconnect(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return () => {
    if (scope === undefined) return;
    api.invalidate(`${scope.basePath}/channels`);
    for (const queryKey of [connectionKeys.list(scope.businessId), channelKeys.list(scope.businessId)])
      void queryClient.invalidateQueries({ queryKey });
  };
}

/** Starts connecting: answers the platform's consent page, where the browser goes next. */
export function useAuthorizeConnection(
  scope: BusinessScope | undefined,
): UseMutationResult<AuthorizeResult, Error, { platform: MarketplacePlatform; body: AuthorizeConnectionBody }> {
  return useMutation({
    mutationFn: ({ platform, body }) =>
      api.post(`${requireScope(scope).basePath}/connections/${platform}/authorize`, { body, schema: authorizeConnectionResultSchema }),
    meta: { quietErrors: true },
  });
}

export function useReconnect(scope: BusinessScope | undefined): UseMutationResult<AuthorizeResult, Error, { connectionId: string }> {
  return useMutation({
    mutationFn: ({ connectionId }) =>
      api.post(`${requireScope(scope).basePath}/connections/${encodeURIComponent(connectionId)}/reconnect`, {
        schema: authorizeConnectionResultSchema,
      }),
    meta: { quietErrors: true },
  });
}

export function useUpdateConnection(
  scope: BusinessScope | undefined,
): UseMutationResult<Connection, Error, { connectionId: string; body: UpdateConnectionBody }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, body }) =>
      api.patch(`${requireScope(scope).basePath}/connections/${encodeURIComponent(connectionId)}`, { body, schema: connectionSchema }),
    meta: { quietErrors: true },
    // The sync switch, buffer and selling locations publish `channel.changed`, which refreshes the
    // connections, channels and sync screens from the answer's header (app/api.ts). The platform
    // location and eBay policies publish nothing (only this connection shows them): its list refreshes here.
    onSuccess: () => {
      if (scope !== undefined) void queryClient.invalidateQueries({ queryKey: connectionKeys.list(scope.businessId) });
    },
  });
}

export function useDisconnect(
  scope: BusinessScope | undefined,
): UseMutationResult<Connection & { revoked: boolean }, Error, { connectionId: string }> {
  const refresh = useRefreshAfterDisconnect(scope);
  return useMutation({
    mutationFn: ({ connectionId }) =>
      api.delete(`${requireScope(scope).basePath}/connections/${encodeURIComponent(connectionId)}`, {
        schema: connectionSchema.extend({ revoked: z.boolean() }),
      }),
    meta: { quietErrors: true },
    onSuccess: refresh,
  });
}
