import { isPermission } from '@tradepost/shared/domain/permissions.ts';
import type { FastifyInstance } from 'fastify';
import { businessScope } from '../plugins/tenancy.ts';
import { deliveryHandler, deliveryKind, registerSubscriber } from './domain-events.ts';
import type { AreaModule, ModuleDeps, ModuleRoutes } from './module.ts';
import { checkOwnedIdsBesideReads, checkOwnedIdsDeclared, ownedIdsHook } from './owned-ids.ts';

/**
 * Routes of one area in a scope of their own that refuses, at boot, a route whose permission the
 * area did not declare: an area's permissions are read off its module definition, nowhere else.
 */
const withDeclaredPermissions =
  (module: AreaModule, routes: ModuleRoutes, deps: ModuleDeps, options: { business: boolean } = { business: false }) =>
  async (scope: FastifyInstance): Promise<void> => {
    scope.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access !== undefined && isPermission(access) && !module.permissions?.includes(access)) {
        throw new Error(`${route.method} ${route.url} needs '${access}', which the ${module.name} module does not declare`);
      }
      if (options.business) {
        checkOwnedIdsDeclared(module, route);
        checkOwnedIdsBesideReads(route);
      }
    });
    // In the business scope, an id of another business in the path is a 404 (a write's before anything is read).
    if (options.business) scope.addHook('preValidation', ownedIdsHook(scope, module));
    await scope.register(routes, deps);
  };

/**
 * Builds the API from the module list: each area's routes (site root, /api/v1, and the business
 * scope), its job handlers, its event subscribers (each delivered by a job of its own) and how long
 * its log-like tables are kept.
 */
export async function mountModules(app: FastifyInstance, modules: readonly AreaModule[], deps: ModuleDeps): Promise<void> {
  for (const module of modules) {
    for (const job of module.jobs ?? []) {
      const handler = job.handler(app, deps);
      app.jobs.register(job.type.kind, (raw, context) => handler({ ...raw, payload: job.type.payload.parse(raw.payload) }, context));
    }
    for (const rule of module.retention ?? []) app.jobs.retain(rule);
    for (const subscriber of module.subscribers ?? []) {
      registerSubscriber(subscriber, app.log);
      app.jobs.register(deliveryKind(subscriber.name), deliveryHandler(subscriber));
    }
    if (module.onReady) {
      const ready = module.onReady;
      app.addHook('onReady', () => ready(app, deps));
    }
  }

  for (const module of modules)
    for (const routes of module.rootRoutes ?? []) await app.register(withDeclaredPermissions(module, routes, deps));
  await app.register(
    async (api) => {
      for (const module of modules)
        for (const routes of module.apiRoutes ?? []) await api.register(withDeclaredPermissions(module, routes, deps));
      await api.register(
        businessScope(
          modules.flatMap((module) =>
            (module.businessRoutes ?? []).map((routes) => withDeclaredPermissions(module, routes, deps, { business: true })),
          ),
        ),
        { prefix: '/businesses/:businessId' },
      );
    },
    { prefix: '/api/v1' },
  );
}
