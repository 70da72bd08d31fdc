import { productIdListSchema } from '@tradepost/shared/schemas/catalog.ts';
import {
  fileResponseSchema,
  importBodySchema,
  importPreviewSchema,
  importQuerySchema,
  importResultSchema,
  labelParamsSchema,
  labelQuerySchema,
  labelsPdfBodySchema,
  labelVariantSchema,
  labelVariantsQuerySchema,
} from '@tradepost/shared/schemas/catalog-io.ts';
import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { catalogCsvStream } from './export.service.ts';
import { commitImport, previewImport } from './import.service.ts';
import { labelSvg, labelsPdf } from './label-render.ts';
import { loadLabelVariants } from './labels.service.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** `?ids=a,b`: only the products chosen on the products table (at most 200). */
const exportQuerySchema = z.object({ ids: productIdListSchema.optional() });

/** CSV import and export of products, variants and stock; barcode labels. Mounted under businessScope. */
export const catalogIoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const params = businessParamsSchema;

  // The CSV arrives as the raw body; the app's body limit applies. Only this plugin reads text bodies.
  app.addContentTypeParser(['text/csv', 'text/plain', 'application/csv'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/catalog/import/preview',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'What importing this CSV would do, every bad row with its reasons. Writes nothing.',
        consumes: ['text/csv'],
        params,
        body: importBodySchema,
        response: { 200: importPreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewImport(app.orm.em, request.businessId, request.auth.user.business.currency, request.body),
  );

  app.post(
    '/catalog/import',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Imports the CSV in one transaction; any bad row answers 400 and nothing is written.',
        consumes: ['text/csv'],
        params,
        querystring: importQuerySchema,
        body: importBodySchema,
        response: { 200: importResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      commitImport(
        app.orm.em,
        {
          businessId: request.businessId,
          userId: request.auth.user.id,
          currency: request.auth.user.business.currency,
          importId: request.query.import_id ?? newId(),
        },
        request.body,
      ),
  );

  app.get(
    '/catalog/export.csv',
    {
      config: requires('catalog:export'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'The catalog and its stock in the import shape (streamed); `ids` narrows it to those products.',
        params,
        querystring: exportQuerySchema,
        produces: ['text/csv'],
        response: { 200: fileResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // A forked manager: the stream is read after this handler returns.
      const stream = catalogCsvStream(app.orm.em.fork(), request.businessId, request.auth.user.business.currency, request.query.ids);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalog-${today()}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/labels/variants',
    {
      config: requires('catalog:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'What the labels of these variants show, with their stock on hand.',
        params,
        querystring: labelVariantsQuerySchema,
        response: { 200: z.array(labelVariantSchema), ...errorResponses },
      },
    },
    async (request) => {
      const variants = await loadLabelVariants(app.orm.em, request.businessId, request.auth.user.business.currency, request.query.ids);
      return variants.map(({ content: _content, ...variant }) => variant);
    },
  );

  app.get(
    '/variants/:variantId/label.svg',
    {
      config: requires('catalog:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'One label as SVG: 2.25 × 1.25 in (thermal) or 2.625 × 1 in (sheet).',
        params: labelParamsSchema,
        querystring: labelQuerySchema,
        produces: ['image/svg+xml'],
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const [variant] = await loadLabelVariants(app.orm.em, request.businessId, request.auth.user.business.currency, [
        request.params.variantId,
      ]);
      if (variant === undefined) throw new Error('Label variant lookup returned nothing');
      const svg = await labelSvg(variant.content, request.query.layout);
      return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  );

  app.post(
    '/labels.pdf',
    {
      config: requires('catalog:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Labels as a PDF: one label per page (thermal) or US Letter 30-up sheets.',
        params,
        body: labelsPdfBodySchema,
        produces: ['application/pdf'],
        response: { 200: fileResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { items, layout } = request.body;
      const variants = await loadLabelVariants(
        app.orm.em,
        request.businessId,
        request.auth.user.business.currency,
        items.map((item) => item.variant_id),
      );
      const labels = items.flatMap((item, i) => {
        const variant = variants[i];
        return variant === undefined ? [] : Array.from({ length: item.copies }, () => variant.content);
      });
      const pdf = await labelsPdf(labels, layout);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="labels-${today()}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};
