import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import { outboxSchema } from '@tradepost/shared/schemas/outbox.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import type { ModuleRoutes } from '../../platform/module.ts';
import { requires } from '../../plugins/access.ts';
import { listOutbox } from './outbox.service.ts';

/** The outbox under /businesses/:businessId: the owner's alone, as its invitation links let anyone join. */
export const outboxRoutes: ModuleRoutes = async (app, { config }) => {
  app.get(
    '/outbox',
    {
      config: requires('outbox:read'),
      schema: {
        tags: ['outbox'],
        security: bearerAuth,
        description:
          'Mail the server could not send because no SMTP server is configured (SMTP_URL), newest first, with its text: invitations to the business and alerts to its members.',
        params: businessParamsSchema,
        response: { 200: outboxSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The text holds live links: no cache between here and the owner keeps a copy.
      reply.header('cache-control', 'no-store');
      return { smtp_configured: Boolean(config.SMTP_URL), items: await listOutbox(app.orm.em, request.businessId) };
    },
  );
};
