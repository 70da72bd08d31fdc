import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { channelKeys } from '@tradepost/shared/query/channels.ts';
import { type SaleListParams, salesKeys } from '@tradepost/shared/query/sales.ts';
import { type Channel, channelSchema, customerSchema, type Sale, saleListSchema, saleSchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export const SALE_PAGE_SIZE = 50;

export type SaleList = z.infer<typeof saleListSchema>;
const customerListSchema = z.object({ items: z.array(customerSchema), total: z.number().int() });
export type CustomerList = z.infer<typeof customerListSchema>;

/** One page of sales, newest first. */
export function useSales(scope: BusinessScope | undefined, params: SaleListParams): UseQueryResult<SaleList> {
  return useQuery({
    queryKey: salesKeys.list(scope?.businessId ?? '', params),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      const q = params.q.trim();
      return api.get(`${scope.basePath}/sales`, {
        query: {
          q: q === '' ? undefined : q,
          status: params.status,
          channel: params.channel === 'all' ? undefined : params.channel,
          limit: SALE_PAGE_SIZE,
          offset: params.offset,
          sort: 'created_at',
        },
        schema: saleListSchema,
        signal,
      });
    },
    enabled: scope !== undefined,
  });
}

export function useSale(scope: BusinessScope | undefined, saleId: string | null): UseQueryResult<Sale> {
  return useQuery({
    queryKey: salesKeys.detail(scope?.businessId ?? '', saleId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || saleId === null) throw new Error('No sale');
      return api.get(`${scope.basePath}/sales/${encodeURIComponent(saleId)}`, { schema: saleSchema, signal });
    },
    enabled: scope !== undefined && saleId !== null && saleId !== '',
  });
}

/** The business's sales channels (every kind exists once per business): the same query as features/channels' list. */
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

/** Customers whose name or e-mail contains the text (the most recent buyers first). */
export function useCustomerSearch(scope: BusinessScope | undefined, q: string): UseQueryResult<CustomerList> {
  return useQuery({
    queryKey: salesKeys.customerSearch(scope?.businessId ?? '', q.trim()),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/customers`, {
        query: { q: q.trim() === '' ? undefined : q.trim(), limit: 8 },
        schema: customerListSchema,
        signal,
      });
    },
    enabled: scope !== undefined,
  });
}
