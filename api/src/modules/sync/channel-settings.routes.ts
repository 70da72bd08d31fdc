import {
  channelSettingsParamsSchema,
  channelSettingsSavedSchema,
  productChannelSettingsParamsSchema,
  productChannelSettingsSchema,
  saveChannelSettingsBodySchema,
} from '@tradepost/shared/schemas/channel-settings.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { productChannelSettings, saveChannelSettings } from './product-channel-settings.ts';
import { mediaBaseUrl } from './sync-connection.ts';

/** A product's settings on each connected marketplace, under /businesses/:businessId (issue #17). */
export const channelSettingsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const tags = ['sync'];

  app.get(
    '/products/:productId/channel-settings',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Per connected marketplace: the product’s listing there, its title (and the default), each size’s listed flag and own price (and the price it gets without one), and for eBay the category, condition and item specifics.',
        params: productChannelSettingsParamsSchema,
        response: { 200: productChannelSettingsSchema, ...errorResponses },
      },
    },
    async (request) => productChannelSettings(app.orm.em, request.businessId, request.params.productId),
  );

  app.put(
    '/products/:productId/channel-settings/:connectionId',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Saves the product’s settings on one marketplace: title (null: the default), sizes named (listed, own price; null: the default price) and eBay’s category, condition and item specifics. A live listing is updated at once; the marketplace’s refusal of that update comes back as `update_error`.',
        params: channelSettingsParamsSchema,
        body: saveChannelSettingsBodySchema,
        response: { 200: channelSettingsSavedSchema, ...errorResponses },
      },
    },
    async (request) =>
      saveChannelSettings(
        {
          em: app.orm.em.fork(),
          tokenKey: app.tokenKey,
          publicUrl: mediaBaseUrl(config),
          pollMs: config.SYNC_POLL_SECONDS * 1_000,
        },
        request.businessId,
        request.params.productId,
        request.params.connectionId,
        request.body,
      ),
  );
};
