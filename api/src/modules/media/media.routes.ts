import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Image uploads. Mounted under businessScope. */
export const mediaRoutes: FastifyPluginAsyncZod = async () => {};

/** Serving uploaded images by their unguessable id (img tags send no token). Mounted under /api/v1. */
export const publicMediaRoutes: FastifyPluginAsyncZod = async () => {};
