import {
  preferencesSchema,
  updateUiPreferencesBodySchema,
  viewKeyParamsSchema,
  viewPreferencesSchema,
} from '@tradepost/shared/schemas/preferences.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import * as preferences from './preferences.service.ts';

const viewResponseSchema = z.object({ view_key: z.string(), settings: z.record(z.string(), z.json()) });

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['preferences'];
  const base = { config: requires('signed-in') };

  app.get(
    '/auth/me/preferences',
    { ...base, schema: { tags, security: bearerAuth, response: { 200: preferencesSchema, ...errorResponses } } },
    async (request) => preferences.read(app.orm.em, request.auth.user),
  );

  app.put(
    '/auth/me/preferences',
    {
      ...base,
      schema: { tags, security: bearerAuth, body: updateUiPreferencesBodySchema, response: { 200: preferencesSchema, ...errorResponses } },
    },
    async (request) => {
      await preferences.updateUi(app.orm.em, request.auth.user, request.body);
      return preferences.read(app.orm.em, request.auth.user);
    },
  );

  app.get(
    '/auth/me/preferences/views/:viewKey',
    {
      ...base,
      schema: { tags, security: bearerAuth, params: viewKeyParamsSchema, response: { 200: viewResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      view_key: request.params.viewKey,
      settings: await preferences.readView(app.orm.em, request.auth.user, request.params.viewKey),
    }),
  );

  app.put(
    '/auth/me/preferences/views/:viewKey',
    {
      ...base,
      schema: {
        tags,
        security: bearerAuth,
        params: viewKeyParamsSchema,
        body: viewPreferencesSchema,
        response: { 200: viewResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      view_key: request.params.viewKey,
      settings: await preferences.writeView(app.orm.em, request.auth.user, request.params.viewKey, request.body),
    }),
  );
};
