import { businessParamsSchema, errorEnvelopeSchema } from '@tradepost/shared/schemas/common.ts';
import {
  mediaFileSchema,
  mediaParamsSchema,
  mediaSchema,
  mediaUploadBodySchema,
  mediaUploadContentTypes,
} from '@tradepost/shared/schemas/media.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { readMedia, registerMediaDir, storeUpload } from './media.service.ts';

export type MediaRoutesOptions = { config: Pick<Config, 'MEDIA_DIR'> };

/** Image uploads. Mounted under businessScope. */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const tags = ['media'];
  const mediaDir = options.config.MEDIA_DIR;

  // The raw image is the body. Any other type is read as bytes too (only in this plugin's scope), so
  // a wrong upload gets the same field message as a damaged one instead of a bare 415.
  app.addContentTypeParser([...mediaUploadContentTypes], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/media',
    {
      // A file over the limit is answered 413 "File is larger than 5 MB" (plugins/body-limit.ts).
      config: { ...requires('catalog:write'), bodyName: 'File' },
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Upload one image as the raw request body (image/jpeg, image/png or image/webp, up to 5 MB; a larger one is refused with 413).',
        consumes: [...mediaUploadContentTypes],
        params: businessParamsSchema,
        body: mediaUploadBodySchema,
        response: { 201: mediaSchema, ...errorResponses, 413: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const media = await storeUpload(app.orm.em, {
        businessId: request.businessId,
        userId: request.auth.user.id,
        mediaDir,
        contentType,
        body: request.body,
      });
      reply.code(201);
      return media;
    },
  );
};

/** Serving uploaded images by their unguessable id (img tags send no token). Mounted under /api/v1. */
export const publicMediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const tags = ['media'];
  const mediaDir = options.config.MEDIA_DIR;
  // Other areas (marketplace uploads, the demo seed) find the files through the ORM they hold.
  registerMediaDir(app.orm.em, mediaDir);

  const serve = async (mediaId: string, thumb: boolean, ifNoneMatch: string | undefined, reply: FastifyReply) => {
    const etag = `"${mediaId}${thumb ? '-thumb' : ''}"`;
    const file = await readMedia(app.orm.em, mediaDir, mediaId, thumb);
    // A stored image never changes (a new photo is a new id), so caches may keep it for a year.
    // Set only now: a 404 must not be cached like an image.
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      // Other origins (the browser extension) may show these; the id is the capability.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (ifNoneMatch === etag) return reply.code(304).send();
    return reply.type(file.contentType).header('content-disposition', 'inline').send(file.data);
  };

  const schema = (description: string) => ({
    tags,
    description,
    params: mediaParamsSchema,
    produces: ['image/jpeg', 'image/webp'],
    response: { 200: mediaFileSchema, ...errorResponses },
  });

  app.get(
    '/media/:mediaId',
    { config: requires('public'), schema: schema('An uploaded image, at most 1600 px on its long side.') },
    async (request, reply) => serve(request.params.mediaId, false, request.headers['if-none-match'], reply),
  );

  app.get(
    '/media/:mediaId/thumb',
    { config: requires('public'), schema: schema('The 400 px thumbnail of an uploaded image.') },
    async (request, reply) => serve(request.params.mediaId, true, request.headers['if-none-match'], reply),
  );
};
