import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { tenantDb } from '../db/tenant-db.ts';
import { NotFound } from '../errors.ts';
import type { AreaModule } from './module.ts';

// Another business's ids answer 404 on every business route, the same way, before anything else is
// read: a route cannot forget it, and a write with a foreign id in its path is refused before its
// body is validated (so a probe learns nothing from the validation messages either).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path parameter naming a row: `productId`, `saleId`… (`businessId` is the scope's own check). */
const ID_PARAM = /:([A-Za-z]+Id)\b/g;

const idParamsOf = (url: string) => [...url.matchAll(ID_PARAM)].map((match) => match[1] as string).filter((name) => name !== 'businessId');

/** Boot refuses a business route whose id parameter its module does not map to a table. */
export function checkOwnedIdsDeclared(module: AreaModule, route: RouteOptions): void {
  if (route.config?.access === 'super-admin') return;
  const missing = idParamsOf(route.url).filter((name) => module.ownedIds?.[name] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `${[route.method].flat().join(',')} ${route.url}: declare ${missing.map((m) => `'${m}'`).join(', ')} in the ${module.name} module's ownedIds`,
    );
  }
}

/** The preValidation hook of an area's business routes: every id in the path must be the business's own row. */
export function ownedIdsHook(app: FastifyInstance, module: AreaModule) {
  const owned = Object.entries(module.ownedIds ?? {});
  return async (request: FastifyRequest): Promise<void> => {
    if (owned.length === 0 || request.routeOptions.config.access === 'super-admin') return;
    const params = request.params as Record<string, string | undefined>;
    for (const [name, { table, notFound }] of owned) {
      const id = params[name];
      // Not an id at all: the route's schema answers 400 with the field.
      if (id === undefined || !UUID.test(id)) continue;
      const em = (RequestContext.getEntityManager() as EntityManager | undefined) ?? app.orm.em.fork();
      const row = await tenantDb(em, request.businessId)
        .selectFrom(table)
        .select(({ lit }) => lit(1).as('one'))
        // Every owned table's key is `id`; the table itself is the one the builder scopes.
        .where(sql<string>`id`, '=', id.toLowerCase())
        .executeTakeFirst();
      if (!row) throw new NotFound(notFound);
    }
  };
}
