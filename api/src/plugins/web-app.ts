import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../redact.ts';

/** Vite's output folder of content-hashed files: a name never changes its content. */
const HASHED_DIR = 'assets/';
/** Hashed files: kept a year and never revalidated; a new build references new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Every other file (index.html and the client-side routes' copy of it, /sw.js, the favicon):
 * stored but asked again each time, which costs a 304 on ETag / Last-Modified when unchanged. The
 * page must name the current hashed files right after a deploy, and a service worker must update.
 */
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the built web app, by its path (a `.br` / `.gz` copy as its original). */
export function cacheControlFor(root: string, file: string): string {
  const path = relative(root, file).split(sep).join('/');
  return path.startsWith(HASHED_DIR) ? IMMUTABLE : REVALIDATE;
}

const sendPage = (reply: FastifyReply) => reply.sendFile('index.html');

/**
 * The built web app (`root`, WEB_DIST) on the API's port, and what answers paths no route has.
 * Files are sent as the `.br` or `.gz` copy the build wrote beside them when the client accepts it
 * (scripts/build.ts), with `Vary: Accept-Encoding`. Any non-API GET that wants HTML gets index.html
 * (client-side routes); anything else unknown is a JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, { root }: { root: string }) => {
    const dist = resolve(root);
    const hasWeb = existsSync(join(dist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: dist,
        // Files are looked up per request, so a rebuilt web app is served without a restart.
        wildcard: true,
        index: false,
        preCompressed: true,
        // Dotfiles (the build's stamp) are not part of the site.
        dotfiles: 'ignore',
        cacheControl: false,
        setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(dist, file)),
      });
      app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
      // The web app owns every other path (client-side routes).
      if (hasWeb && wantsPage) return sendPage(reply);
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${redactUrl(path)}` } });
    });
  },
  { name: 'web-app' },
);
