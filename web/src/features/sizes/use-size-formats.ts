import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sizeKeys } from '@tradepost/shared/query/sizes.ts';
import {
  type CustomSizeFormatBody,
  type SizeFormatDto,
  type SizeFormatList,
  sizeFormatListSchema,
  sizeFormatSchema,
} from '@tradepost/shared/schemas/sizes.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

const formatPath = (scope: BusinessScope, formatId: string) => `${scope.basePath}/size-formats/${encodeURIComponent(formatId)}`;

/** GET /size-formats: the built-in runs and the business's own. */
export function useSizeFormats(scope: BusinessScope | undefined): UseQueryResult<SizeFormatList> {
  return useQuery({
    queryKey: sizeKeys.formatList(scope?.businessId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/size-formats`, { schema: sizeFormatListSchema, signal });
    },
    enabled: scope !== undefined,
  });
}

export function useSizeFormat(scope: BusinessScope | undefined, formatId: string | null): UseQueryResult<SizeFormatDto> {
  return useQuery({
    queryKey: sizeKeys.format(scope?.businessId ?? '', formatId ?? ''),
    queryFn: ({ signal }) => {
      if (scope === undefined || formatId === null) throw new Error('No format');
      return api.get(formatPath(scope, formatId), { schema: sizeFormatSchema, signal });
    },
    enabled: scope !== undefined && formatId !== null,
  });
}

/** POST (new) or PUT (edit) a custom format; the form shows every error beside its field. */
export function useSaveSizeFormat(
  scope: BusinessScope | undefined,
  formatId: string | null,
): UseMutationResult<SizeFormatDto, Error, CustomSizeFormatBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => {
      if (scope === undefined) throw new Error('No business');
      return formatId === null
        ? api.post(`${scope.basePath}/size-formats`, { body, schema: sizeFormatSchema })
        : api.put(formatPath(scope, formatId), { body, schema: sizeFormatSchema });
    },
    meta: { quietErrors: true },
    onSuccess: (format) => {
      if (scope !== undefined) queryClient.setQueryData(sizeKeys.format(scope.businessId, format.id), format);
      // A size format publishes no domain event (products keep their sizes): the formats refresh here.
      void queryClient.invalidateQueries({ queryKey: sizeKeys.formats() });
    },
  });
}

/** DELETE a custom format; a 409 (products use it) is shown by the caller. */
export function useDeleteSizeFormat(scope: BusinessScope | undefined): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (formatId) => {
      if (scope === undefined) throw new Error('No business');
      await api.delete(formatPath(scope, formatId));
    },
    meta: { quietErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sizeKeys.formats() }),
  });
}
