import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Size formats (built-in and the business own). Mounted under businessScope. */
export const sizeFormatsRoutes: FastifyPluginAsyncZod = async () => {};

/** The admin queue of unmatched size strings and the rules made from it. Mounted under /api/v1. */
export const sizeMatchingRoutes: FastifyPluginAsyncZod = async () => {};
