import { type UseMutationResult, type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { labelKeys } from '@tradepost/shared/query/catalog-io.ts';
import { type LabelLayout, type LabelsPdfBody, type LabelVariant, labelVariantSchema } from '@tradepost/shared/schemas/catalog-io.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { saveFile, today } from './save-file.ts';

/** What each variant's label shows, with its stock on hand (the default number of copies). */
export function useLabelVariants(
  scope: BusinessScope | undefined,
  ids: readonly string[],
  enabled: boolean,
): UseQueryResult<LabelVariant[]> {
  return useQuery({
    queryKey: labelKeys.variants(scope?.businessId ?? '', ids),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/labels/variants`, {
        query: { ids: ids.join(',') },
        schema: z.array(labelVariantSchema),
        signal,
        fresh: true,
      });
    },
    enabled: enabled && scope !== undefined && ids.length > 0,
  });
}

/** One label as SVG text (the client answers text for image/svg+xml). */
export function useLabelSvg(scope: BusinessScope | undefined, variantId: string | null, layout: LabelLayout): UseQueryResult<string> {
  return useQuery({
    queryKey: labelKeys.svg(scope?.businessId ?? '', variantId ?? '', layout),
    queryFn: ({ signal }) => {
      if (scope === undefined || variantId === null) throw new Error('No variant');
      return api.get(`${scope.basePath}/variants/${encodeURIComponent(variantId)}/label.svg`, {
        query: { layout },
        headers: { Accept: 'image/svg+xml' },
        schema: z.string(),
        signal,
      });
    },
    enabled: scope !== undefined && variantId !== null,
  });
}

/** The client hands over binary answers as a Blob; anything else means the PDF could not be read. */
export class PdfUnavailableError extends Error {}

/** POST /labels.pdf and save the file. */
export function useDownloadLabels(scope: BusinessScope | undefined): UseMutationResult<void, Error, LabelsPdfBody> {
  return useMutation({
    mutationFn: async (body: LabelsPdfBody) => {
      if (scope === undefined) throw new Error('No business');
      const answer: unknown = await api.post(`${scope.basePath}/labels.pdf`, { body, headers: { Accept: 'application/pdf' } });
      if (!(answer instanceof Blob)) throw new PdfUnavailableError('The labels arrived in a form this browser cannot save');
      saveFile(answer, `labels-${today()}.pdf`);
    },
    meta: { quietErrors: true },
  });
}
