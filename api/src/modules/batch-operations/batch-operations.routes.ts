import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** Batch operations and marketplace listing pages under /businesses/:businessId (issue #6). */
export const batchOperationsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async () => {};
