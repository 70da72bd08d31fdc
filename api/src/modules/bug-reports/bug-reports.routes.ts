import {
  bugReportListQuerySchema,
  bugReportListSchema,
  bugReportParamsSchema,
  bugReportSchema,
  createBugReportBodySchema,
  updateBugReportBodySchema,
} from '@tradepost/shared/schemas/bug-reports.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { createBugReport, listBugReports, presentBugReport, updateBugReportStatus } from './bug-reports.service.ts';

export const bugReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bug reports'];

  app.post(
    '/bug-reports',
    {
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: { tags, security: bearerAuth, body: createBugReportBodySchema, response: { 201: bugReportSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const report = await createBugReport(app.orm.em, request.auth.user, request.body);
      reply.code(201);
      return presentBugReport(report);
    },
  );

  app.get(
    '/admin/bug-reports',
    {
      config: requires('super-admin'),
      schema: {
        tags,
        security: bearerAuth,
        querystring: bugReportListQuerySchema,
        response: { 200: bugReportListSchema, ...errorResponses },
      },
    },
    async (request) => listBugReports(app.orm.em, request.query),
  );

  app.patch(
    '/admin/bug-reports/:bugReportId',
    {
      config: requires('super-admin'),
      schema: {
        tags,
        security: bearerAuth,
        params: bugReportParamsSchema,
        body: updateBugReportBodySchema,
        response: { 200: bugReportSchema, ...errorResponses },
      },
    },
    async (request) => updateBugReportStatus(app.orm.em, request.params.bugReportId, request.body.status),
  );
};
