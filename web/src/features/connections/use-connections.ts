import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import type { BusinessScope } from '../catalog/use-business-id.ts';
import { channelKeys } from '../channels/channel-keys.ts';
import { connectionKeys } from './connection-keys.ts';

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

/** After a change: the connections and the channels (sync and buffer live there) are read again. */
function useRefresh(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return () => {
    if (scope === undefined) return;
    api.invalidate(`${scope.basePath}/connections`);
    api.invalidate(`${scope.basePath}/channels`);
    void queryClient.invalidateQueries({ queryKey: connectionKeys.list(scope.businessId) });
    void queryClient.invalidateQueries({ queryKey: channelKeys.list(scope.businessId) });
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
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: ({ connectionId, body }) =>
      api.patch(`${requireScope(scope).basePath}/connections/${encodeURIComponent(connectionId)}`, { body, schema: connectionSchema }),
    meta: { quietErrors: true },
    onSuccess: refresh,
  });
}

export function useDisconnect(
  scope: BusinessScope | undefined,
): UseMutationResult<Connection & { revoked: boolean }, Error, { connectionId: string }> {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: ({ connectionId }) =>
      api.delete(`${requireScope(scope).basePath}/connections/${encodeURIComponent(connectionId)}`, {
        schema: connectionSchema.extend({ revoked: z.boolean() }),
      }),
    meta: { quietErrors: true },
    onSuccess: refresh,
  });
}
