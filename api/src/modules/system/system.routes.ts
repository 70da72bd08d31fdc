import { healthSchema, versionManifestSchema } from '@tradepost/shared/schemas/auth.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { requires } from '../../plugins/access.ts';
import { versionManifest } from './version.ts';

/** Health and version answer at the site root and under /api/v1 (spec §7 lists both under the API). */
export const systemRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const bootedAt = new Date();
  const tags = ['system'];

  for (const prefix of ['', '/api/v1']) {
    app.get(
      `${prefix}/health`,
      { config: requires('public'), schema: { tags, response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        let database: 'up' | 'down' = 'up';
        try {
          await app.orm.em.getConnection().execute('SELECT 1');
        } catch {
          database = 'down';
        }
        reply.code(database === 'up' ? 200 : 503);
        return { status: database === 'up' ? ('ok' as const) : ('degraded' as const), database, version: config.version };
      },
    );

    app.get(
      `${prefix}/version.json`,
      { config: requires('public'), schema: { tags, response: { 200: versionManifestSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return versionManifest(config.version, config.BUILD_ID, config.WEB_DIST, bootedAt);
      },
    );
  }
};
