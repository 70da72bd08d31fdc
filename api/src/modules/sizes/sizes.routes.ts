import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import {
  customSizeFormatBodySchema,
  matchSizeBodySchema,
  matchSizeResultSchema,
  normaliseSizeBodySchema,
  normaliseSizeResultSchema,
  sizeFormatListSchema,
  sizeFormatParamsSchema,
  sizeFormatSchema,
  sizeQueueEntrySchema,
  sizeQueueListQuerySchema,
  sizeQueueListSchema,
  sizeQueueParamsSchema,
  sizeRuleListQuerySchema,
  sizeRuleListSchema,
  sizeRuleParamsSchema,
} from '@tradepost/shared/schemas/sizes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Conflict } from '../../errors.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { createCustomFormat, deleteCustomFormat, getSizeFormatDto, listSizeFormats, updateCustomFormat } from './size-formats.service.ts';
import {
  deleteSizeRule,
  dismissSizeQueueEntry,
  listSizeQueue,
  listSizeRules,
  matchSizeQueueEntry,
  normaliseSizeString,
  presentMatchFor,
} from './size-matching.service.ts';

const readOnly = () => new Conflict('Built-in size formats cannot be changed; create your own format instead', 'READ_ONLY');

/** Size formats (built-in and the business own). Mounted under businessScope. */
export const sizeFormatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sizes'];

  app.get(
    '/size-formats',
    {
      config: requires('catalog:read'),
      schema: { tags, security: bearerAuth, params: businessParamsSchema, response: { 200: sizeFormatListSchema, ...errorResponses } },
    },
    async (request) => listSizeFormats(app.orm.em, request.businessId),
  );

  app.get(
    '/size-formats/:formatId',
    {
      config: requires('catalog:read'),
      schema: { tags, security: bearerAuth, params: sizeFormatParamsSchema, response: { 200: sizeFormatSchema, ...errorResponses } },
    },
    async (request) => getSizeFormatDto(app.orm.em, request.businessId, request.params.formatId),
  );

  app.post(
    '/size-formats',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        body: customSizeFormatBodySchema,
        response: { 201: sizeFormatSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const format = await createCustomFormat(app.orm.em, request.businessId, request.body);
      reply.code(201);
      return format;
    },
  );

  app.put(
    '/size-formats/:formatId',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: sizeFormatParamsSchema,
        body: customSizeFormatBodySchema,
        response: { 200: sizeFormatSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.params.formatId.startsWith('custom:')) throw readOnly();
      return updateCustomFormat(app.orm.em, request.businessId, request.params.formatId, request.body);
    },
  );

  app.delete(
    '/size-formats/:formatId',
    {
      config: requires('catalog:write'),
      schema: { tags, security: bearerAuth, params: sizeFormatParamsSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      if (!request.params.formatId.startsWith('custom:')) throw readOnly();
      await deleteCustomFormat(app.orm.em, request.businessId, request.params.formatId);
      reply.code(204);
      return null;
    },
  );

  // Imports (marketplaces, CSV) and the product form read size strings through here; unread ones reach the admin queue.
  app.post(
    '/sizes/normalise',
    {
      config: { access: 'catalog:read', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        body: normaliseSizeBodySchema,
        response: { 200: normaliseSizeResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const match = await normaliseSizeString(app.orm.em, {
        businessId: request.businessId,
        raw: request.body.raw,
        formatHint: request.body.format_hint,
        category: request.body.category,
        source: request.body.source,
      });
      return { match: match ? await presentMatchFor(app.orm.em, request.businessId, match) : null, queued: match === null };
    },
  );
};

/** The admin queue of unmatched size strings and the rules made from it. Mounted under /api/v1. */
export const sizeMatchingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['size matching'];

  app.get(
    '/admin/size-matching/queue',
    {
      config: requires('super-admin'),
      schema: {
        tags,
        security: bearerAuth,
        querystring: sizeQueueListQuerySchema,
        response: { 200: sizeQueueListSchema, ...errorResponses },
      },
    },
    async (request) => listSizeQueue(app.orm.em, request.query),
  );

  app.post(
    '/admin/size-matching/queue/:entryId/match',
    {
      config: requires('super-admin'),
      schema: {
        tags,
        security: bearerAuth,
        params: sizeQueueParamsSchema,
        body: matchSizeBodySchema,
        response: { 200: matchSizeResultSchema, ...errorResponses },
      },
    },
    async (request) => matchSizeQueueEntry(app.orm.em, request.auth.user.id, request.params.entryId, request.body),
  );

  app.post(
    '/admin/size-matching/queue/:entryId/dismiss',
    {
      config: requires('super-admin'),
      schema: { tags, security: bearerAuth, params: sizeQueueParamsSchema, response: { 200: sizeQueueEntrySchema, ...errorResponses } },
    },
    async (request) => dismissSizeQueueEntry(app.orm.em, request.params.entryId),
  );

  app.get(
    '/admin/size-matching/rules',
    {
      config: requires('super-admin'),
      schema: {
        tags,
        security: bearerAuth,
        querystring: sizeRuleListQuerySchema,
        response: { 200: sizeRuleListSchema, ...errorResponses },
      },
    },
    async (request) => listSizeRules(app.orm.em, request.query),
  );

  app.delete(
    '/admin/size-matching/rules/:ruleId',
    {
      config: requires('super-admin'),
      schema: { tags, security: bearerAuth, params: sizeRuleParamsSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteSizeRule(app.orm.em, request.params.ruleId);
      reply.code(204);
      return null;
    },
  );
};
