import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import {
  authorizeConnectionBodySchema,
  authorizeConnectionResultSchema,
  connectionParamsSchema,
  connectionSchema,
  marketplacePlatformSchema,
  oauthCallbackQuerySchema,
  platformConnectionSchema,
  platformParamsSchema,
  updateConnectionBodySchema,
} from '@tradepost/shared/schemas/connections.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { disconnect, listConnections, updateConnectionSettings } from './connections.service.ts';
import { completeAuthorization, type FlowDeps, startAuthorization, startReconnect } from './oauth-flow.ts';

const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** Marketplace connections under /businesses/:businessId (issue #6). */
export const connectionsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const tags = ['connections'];
  const deps = (): FlowDeps => ({ em: app.orm.em, detached: () => app.orm.em.fork(), tokenKey: app.tokenKey, config });

  app.get(
    '/connections',
    {
      config: requires('connections:read'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'Every marketplace platform with its connection (or none): status, environment, account and settings. Never a secret.',
        params: businessParamsSchema,
        response: { 200: z.array(platformConnectionSchema), ...errorResponses },
      },
    },
    async (request) => {
      return listConnections(app.orm.em, config, request.businessId);
    },
  );

  app.post(
    '/connections/:platform/authorize',
    {
      config: requires('connections:manage'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          "Starts connecting a platform: answers the consent page's address. Simulators are checked with GET {base_url}/__sim/info; production always uses the platform's own hosts.",
        params: platformParamsSchema,
        body: authorizeConnectionBodySchema,
        response: { 200: authorizeConnectionResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const who = { businessId: request.businessId, userId: request.auth.user.id };
      return startAuthorization(deps(), who, request.params.platform, request.body, originOf(request));
    },
  );

  app.post(
    '/connections/:connectionId/reconnect',
    {
      config: requires('connections:manage'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'A new consent round trip for the same connection (same hosts, app and settings).',
        params: connectionParamsSchema,
        response: { 200: authorizeConnectionResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      return startReconnect(deps(), { businessId: request.businessId, userId: request.auth.user.id }, request.params.connectionId);
    },
  );

  app.patch(
    '/connections/:connectionId',
    {
      config: requires('connections:manage'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Sync on/off, quantity buffer (on the sales channel), our locations it sells from, its platform location, eBay policies.',
        params: connectionParamsSchema,
        body: updateConnectionBodySchema,
        response: { 200: connectionSchema, ...errorResponses },
      },
    },
    async (request) => {
      return updateConnectionSettings(app.orm.em, config, request.businessId, request.params.connectionId, request.body);
    },
  );

  app.delete(
    '/connections/:connectionId',
    {
      config: requires('connections:manage'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Disconnect: revokes the token where the platform allows, forgets the tokens, turns the channel’s sync off. Listings stay.',
        params: connectionParamsSchema,
        response: { 200: connectionSchema.extend({ revoked: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const { connection, revoked } = await disconnect(
        app.orm.em,
        app.orm.em.fork(),
        app.tokenKey,
        config,
        request.businessId,
        request.params.connectionId,
      );
      return { ...connection, revoked };
    },
  );
};

/** OAuth callbacks: public, the platform redirects the seller's browser here. */
export const oauthCallbackRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/channels/:platform/oauth/callback',
    {
      config: requires('public'),
      schema: {
        tags: ['connections'],
        description:
          "Where eBay, Shopify and Square send the seller back after consent. Checks the signed state (and Shopify's hmac), keeps the token sealed and redirects to the web app.",
        params: z.object({ platform: marketplacePlatformSchema }),
        querystring: oauthCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const raw = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const location = await completeAuthorization(
        { em: app.orm.em, detached: () => app.orm.em.fork(), tokenKey: app.tokenKey, config },
        { platform: request.params.platform, query: new URLSearchParams(raw), origin: originOf(request), log: request.log },
      );
      // The answer carries nothing worth caching or leaking through a Referer.
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
    },
  );
};
