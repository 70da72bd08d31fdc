import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** Listings, sync health and a variant's sync state under /businesses/:businessId (issue #6). */
export const syncRoutes: FastifyPluginAsyncZod<{ config: Config }> = async () => {};

/** Inbound webhooks: public, verified by each platform's signature. */
export const webhookRoutes: FastifyPluginAsyncZod<{ config: Config }> = async () => {};
