import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  createInvitationBodySchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  teamMemberSchema,
} from '@tradepost/shared/schemas/users.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { requires } from '../../plugins/access.ts';
import { accessLists, noStore, sessionResponse } from '../auth/public.ts';
import { acceptInvitation, invite, listInvitations, listMembers, previewInvitation, revokeInvitation } from './team.service.ts';

const createdInvitationSchema = z.object({ invitation: invitationSchema, accept_path: z.string() });

/** Team members and invitations of one business: owner only (spec §6). Mounted under businessScope. */
export const teamRoutes: FastifyPluginAsyncZod<{ config: Config; mailer: Mailer }> = async (app, { config, mailer }) => {
  const tags = ['team'];

  app.get(
    '/users',
    {
      config: requires('team:manage'),
      schema: { tags, security: bearerAuth, params: businessParamsSchema, response: { 200: z.array(teamMemberSchema), ...errorResponses } },
    },
    async (request) => listMembers(app.orm.em, request.businessId),
  );

  app.get(
    '/invitations',
    {
      config: requires('team:manage'),
      schema: { tags, security: bearerAuth, params: businessParamsSchema, response: { 200: z.array(invitationSchema), ...errorResponses } },
    },
    async () => listInvitations(app.orm.em),
  );

  app.post(
    '/invitations',
    {
      config: requires('team:manage'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        body: createInvitationBodySchema,
        response: { 201: createdInvitationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const publicUrl = config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      const created = await invite(app.orm.em, { inviter: request.auth.user, ...request.body, publicUrl }, mailer);
      reply.code(201);
      return created;
    },
  );

  app.delete(
    '/invitations/:invitationId',
    {
      config: requires('team:manage'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema.extend(invitationParamsSchema.shape),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.orm.em, request.params.invitationId);
      reply.code(204);
      return null;
    },
  );
};

/** The invitee's side: public, keyed by the link's token only. */
export const invitationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const tags = ['team'];
  const access = accessLists(config);
  // The preview names the invitee; the acceptance carries a session token.
  app.addHook('onSend', noStore);

  app.get(
    '/invitations/:token',
    {
      config: requires('public'),
      schema: { tags, params: invitationTokenParamsSchema, response: { 200: invitationPreviewSchema, ...errorResponses } },
    },
    async (request) => previewInvitation(app.orm.em, request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags,
        params: invitationTokenParamsSchema,
        body: acceptInvitationBodySchema,
        response: { 200: acceptInvitationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = await acceptInvitation(app.orm.em, request.params.token, request.body, request.headers['user-agent']);
      return sessionResponse(app, session, access);
    },
  );
};
