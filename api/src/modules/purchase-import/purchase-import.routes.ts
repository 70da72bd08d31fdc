import { businessParamsSchema, errorEnvelopeSchema, uuidSchema } from '@tradepost/shared/schemas/common.ts';
import {
  importDocumentSchema,
  importPreviewBodySchema,
  importPreviewSchema,
  importRulesSchema,
  PDF_IMPORT_MAX_BYTES,
} from '@tradepost/shared/schemas/purchase-import.ts';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import type { ModuleRoutes } from '../../platform/module.ts';
import { requires } from '../../plugins/access.ts';
import { fileNameFrom, getImportRules, previewImport, saveImportRules, storeImportDocument } from './purchase-import.service.ts';

const tags = ['purchase-import'];
const vendorParamsSchema = businessParamsSchema.extend({ vendorId: uuidSchema });
const documentParamsSchema = businessParamsSchema.extend({ documentId: uuidSchema });

/** PDF import under /businesses/:businessId: a vendor's parsing rules, the upload and its preview. */
export const purchaseImportRoutes: ModuleRoutes = async (app) => {
  app.get(
    '/vendors/:vendorId/import-rules',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        description: "How this vendor's invoice and order PDFs are read (the defaults until rules are saved).",
        params: vendorParamsSchema,
        response: { 200: importRulesSchema, ...errorResponses },
      },
    },
    async (request) => getImportRules(app.orm.em, request.businessId, request.params.vendorId),
  );

  app.put(
    '/vendors/:vendorId/import-rules',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          "Saves how this vendor's PDFs are read. A pattern must be a regular expression with the named groups sku and quantity (size and cost optional); otherwise 400 naming the field pattern.",
        params: vendorParamsSchema,
        body: importRulesSchema,
        response: { 200: importRulesSchema, ...errorResponses },
      },
    },
    async (request) => saveImportRules(app.orm.em, request.businessId, request.params.vendorId, request.body),
  );

  app.post(
    '/purchase-orders/pdf-import/documents/:documentId/preview',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          "The uploaded document's item lines, found with the vendor's saved rules (or the rules sent, to try them; nothing is saved) and each matched to one of our sizes or flagged with the reason.",
        params: documentParamsSchema,
        body: importPreviewBodySchema,
        response: { 200: importPreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewImport(app.orm.em, request.businessId, request.params.documentId, request.body),
  );

  // The upload reads the raw body as bytes whatever its type, in a scope of its own (the JSON routes above keep their parser).
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/purchase-orders/pdf-import/documents',
      {
        // Over 20 MB: 413 "The file is larger than 20 MB", field file (plugins/body-limit.ts).
        config: { ...requires('purchasing:write'), bodyName: 'The file', bodyField: 'file' },
        bodyLimit: PDF_IMPORT_MAX_BYTES,
        schema: {
          tags,
          security: bearerAuth,
          description:
            'Upload a vendor\'s invoice or order PDF as the raw request body (application/pdf, up to 20 MB; the optional x-file-name header names it). Its text is read once and kept a day for previews; a scanned PDF has none (has_text false). Not a PDF → 400 "This file is not a PDF"; empty → 400 "The file is empty"; over 20 MB → 413; each names the field file.',
          consumes: ['application/pdf'],
          params: businessParamsSchema,
          headers: z.object({ 'x-file-name': z.string().optional() }),
          body: z.unknown(),
          response: { 201: importDocumentSchema, ...errorResponses, 413: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const document = await storeImportDocument(
          app.orm.em,
          request.businessId,
          request.body,
          fileNameFrom(request.headers['x-file-name']),
        );
        reply.code(201);
        return document;
      },
    );
  });
};
