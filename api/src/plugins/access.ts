import { can, isPermission, type RouteAccess } from '@tradepost/shared/domain/permissions.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { Forbidden, Invalid } from '../errors.ts';
import type { AuthContext } from './auth.ts';
import { publicRoutes } from './public-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (shared/src/domain/permissions.ts). Every API route declares it; boot fails otherwise. */
    access?: RouteAccess;
    /**
     * EventSource cannot send headers: this route takes its credential as `?token=` instead, and this
     * turns it into who is asking (or throws 401). A URL is kept by browsers, proxies and logs, so
     * what goes there is a short-lived, single-use ticket, never the bearer token.
     */
    tokenInQuery?: (token: string) => Promise<AuthContext>;
  }
  interface FastifyInstance {
    /** Every API route and who may call it, as declared (the role suites are generated from it). */
    routeAccess: readonly DeclaredRoute[];
  }
}

export type DeclaredRoute = { method: string; url: string; access: RouteAccess; tokenInQuery: boolean };

/** The route option that says who may call it: `{ config: requires('sales:refund'), schema, … }`. */
export const requires = (access: RouteAccess) => ({ access });

const API_PREFIX = '/api/v1/';
const listedPublic = new Set(publicRoutes.map((p) => p.route));

/**
 * Access is decided here, once per request, from the route's declaration: `onRequest` signs the
 * caller in (401 before any body is read), the business scope then checks membership (404), and
 * `preValidation` checks the role's permission (403) before input is validated, so a role that may
 * not call a route learns nothing from it and writes nothing.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const declared: DeclaredRoute[] = [];
    app.decorate('routeAccess', declared);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const access = route.config?.access;
      if (access === undefined) {
        throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no access: add config: requires(…)`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        if (access === 'public' && !listedPublic.has(`${method} ${route.url}`)) {
          throw new Error(`${method} ${route.url} is public but not listed in plugins/public-routes.ts (add it there with the reason)`);
        }
        declared.push({ method, url: route.url, access, tokenInQuery: route.config?.tokenInQuery !== undefined });
      }
    });

    app.addHook('onRequest', async (request) => {
      const { access, tokenInQuery } = request.routeOptions.config;
      if (access === undefined || access === 'public') return;
      if (tokenInQuery) {
        const token = (request.query as { token?: unknown }).token;
        if (typeof token !== 'string' || token === '')
          throw new Invalid('token is required', [{ field: 'token', message: 'token is required' }]);
        request.auth = await tokenInQuery(token);
        return;
      }
      await app.authenticate(request);
    });

    app.addHook('preValidation', async (request: FastifyRequest) => {
      const { access } = request.routeOptions.config;
      if (access === undefined || access === 'public' || access === 'signed-in') return;
      if (access === 'super-admin') {
        if (!opts.config.ADMIN_EMAILS.includes(request.auth.email)) {
          throw new Forbidden("You don't have permission to access the Admin area.");
        }
        return;
      }
      if (!isPermission(access) || !can(request.auth.role, access)) {
        throw new Forbidden('You do not have permission to access this resource.');
      }
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
