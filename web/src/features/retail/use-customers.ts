import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import { type Customer, type CustomerInput, customerSchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

export const CUSTOMER_PAGE_SIZE = 50;

const customerListSchema = z.object({ items: z.array(customerSchema), total: z.number().int() });
export type CustomerList = z.infer<typeof customerListSchema>;

function fetchCustomers(scope: BusinessScope, q: string, offset: number, limit: number, signal: AbortSignal) {
  const text = q.trim();
  return api.get(`${scope.basePath}/customers`, {
    query: { q: text === '' ? undefined : text, limit, offset },
    schema: customerListSchema,
    signal,
  });
}

/** Customers by most recent order, 50 at a time; `q` searches name and e-mail. */
export function useCustomerPages(scope: BusinessScope | undefined, q: string): UseInfiniteQueryResult<InfiniteData<CustomerList, number>> {
  return useInfiniteQuery({
    queryKey: salesKeys.customerList(scope?.businessId ?? '', q.trim()),
    queryFn: ({ pageParam, signal }) => {
      if (scope === undefined) throw new Error('No business');
      return fetchCustomers(scope, q, pageParam, CUSTOMER_PAGE_SIZE, signal);
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    enabled: scope !== undefined,
  });
}

/** A few matches for the checkout's customer search. */
export function useCustomerSearch(scope: BusinessScope | undefined, q: string, enabled: boolean): UseQueryResult<CustomerList> {
  return useQuery({
    queryKey: salesKeys.customerSearch(scope?.businessId ?? '', q.trim()),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return fetchCustomers(scope, q, 0, 8, signal);
    },
    enabled: scope !== undefined && enabled,
  });
}

export function useCustomer(scope: BusinessScope | undefined, customerId: string | null): UseQueryResult<Customer> {
  return useQuery({
    queryKey: salesKeys.customer(scope?.businessId ?? '', customerId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || customerId === null) throw new Error('No customer');
      return api.get(`${scope.basePath}/customers/${encodeURIComponent(customerId)}`, { schema: customerSchema, signal });
    },
    enabled: scope !== undefined && customerId !== null && customerId !== '',
    meta: { quietErrors: true },
  });
}

type SaveCustomer = { customerId?: string | undefined; body: CustomerInput };

/** POST /customers, or PUT /customers/:id when editing; the form shows field errors itself. */
export function useSaveCustomer(scope: BusinessScope | undefined): UseMutationResult<Customer, Error, SaveCustomer> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, body }: SaveCustomer) => {
      if (scope === undefined) throw new Error('No business');
      return customerId === undefined
        ? api.post(`${scope.basePath}/customers`, { body, schema: customerSchema })
        : api.put(`${scope.basePath}/customers/${encodeURIComponent(customerId)}`, { body, schema: customerSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (customer) => {
      if (scope === undefined) return;
      queryClient.setQueryData(salesKeys.customer(scope.businessId, customer.id), customer);
      // A customer's details are no domain event (no other area reacts to them), so this write
      // refreshes the customer lists, and the sales that show the name, itself.
      api.invalidate(`${scope.basePath}/sales`);
      for (const queryKey of [salesKeys.customers(), salesKeys.lists(), salesKeys.details()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** A customer form's text as the API takes it: empty optional fields are left out. */
export function customerBody(form: { name: string; email: string; phone: string; notes: string }): CustomerInput {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return { name: form.name.trim(), email: optional(form.email), phone: optional(form.phone), notes: optional(form.notes) };
}
