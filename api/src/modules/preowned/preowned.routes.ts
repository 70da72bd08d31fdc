import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Pre-owned one-off items and drafts. Mounted under businessScope. */
export const preownedRoutes: FastifyPluginAsyncZod = async () => {};
