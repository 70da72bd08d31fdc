import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** CSV import and export of products, variants and stock; barcode labels. Mounted under businessScope. */
export const catalogIoRoutes: FastifyPluginAsyncZod = async () => {};
