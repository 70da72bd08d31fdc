import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** Marketplace connections under /businesses/:businessId (issue #6). */
export const connectionsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async () => {};

/** OAuth callbacks: public, the platform redirects the seller's browser here. */
export const oauthCallbackRoutes: FastifyPluginAsyncZod<{ config: Config }> = async () => {};
