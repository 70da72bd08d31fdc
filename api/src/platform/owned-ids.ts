import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { TenantTable } from '../db/schema.generated.ts';
import { tenantStatement } from '../db/tenant-statement.ts';
import { NotFound } from '../errors.ts';
import type { AreaModule } from './module.ts';

// Another business's ids answer 404 on every business route, the same way: a route cannot forget it.
// A write with a foreign id in its path is refused before its body is validated (so a probe learns
// nothing from the validation messages either); a read checks beside its handler (see below).

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

/** One look-up per owned table, built once (`tenantStatement`): every request with an id in its path runs one. */
const ownedRows = new Map<TenantTable, ReturnType<typeof ownedRowStatement>>();
const ownedRowStatement = (table: TenantTable) =>
  tenantStatement(['id'], (db, v: { id: string }) =>
    db
      .selectFrom(table)
      .select(({ lit }) => lit(1).as('one'))
      // Every owned table's key is `id`; the table itself is the one the builder scopes.
      .where(sql<string>`id`, '=', sql<string>`${v.id}::uuid`),
  );
const ownedRow = (table: TenantTable) => {
  const statement = ownedRows.get(table) ?? ownedRowStatement(table);
  ownedRows.set(table, statement);
  return statement;
};

/** NotFound (the module's message) when an id in the request's path is not the business's own row. */
async function assertPathIdsOwned(app: FastifyInstance, module: AreaModule, request: FastifyRequest): Promise<void> {
  const params = request.params as Record<string, string | undefined>;
  const em = (RequestContext.getEntityManager() as EntityManager | undefined) ?? app.orm.em.fork();
  await Promise.all(
    Object.entries(module.ownedIds ?? {}).map(async ([name, { table, notFound }]) => {
      const id = params[name];
      // Not an id at all: the route's schema answers 400 with the field.
      if (id === undefined || !UUID.test(id)) return;
      const [row] = await ownedRow(table)(em, request.businessId, { id: id.toLowerCase() });
      if (!row) throw new NotFound(notFound);
    }),
  );
}

const checkedBesideHandler = (request: FastifyRequest) => request.method === 'GET';
const skipsCheck = (module: AreaModule, request: FastifyRequest) =>
  Object.keys(module.ownedIds ?? {}).length === 0 || request.routeOptions.config.access === 'super-admin';

/** A GET's check, started before validation and awaited by its handler or by the error handler. */
const pendingChecks = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * The preValidation hook of an area's business routes: every id in the path must be the business's
 * own row. A write waits for the answer before its body is validated. A read (GET) by id only starts
 * the check here and goes on: its handler runs beside it (`checkOwnedIdsBesideReads`), one round
 * trip less on every read by id (a variant's ledger, a sale, a product). That is safe because the
 * handler's statements are tenant-scoped (`tenantDb`, the entities' tenant filter), so with another
 * business's id they read nothing of that business, and because a GET writes nothing. The answer
 * waits for both, and a foreign id answers the same 404 whatever the handler or the validation of
 * the rest of the request made of it (`ownershipRefusal`, asked by the error handler).
 */
export function ownedIdsHook(app: FastifyInstance, module: AreaModule) {
  return async (request: FastifyRequest): Promise<void> => {
    if (skipsCheck(module, request)) return;
    const check = assertPathIdsOwned(app, module, request);
    if (!checkedBesideHandler(request)) return check;
    check.catch(() => {}); // awaited by the handler or the error handler; this keeps an early refusal from going unhandled
    pendingChecks.set(request, check);
  };
}

/**
 * Wraps the handler of a route with an id in its path so that a GET's answer waits for the check its
 * preValidation hook started (every method's handler is wrapped: a route may take GET among others).
 */
export function checkOwnedIdsBesideReads(route: RouteOptions): void {
  if (idParamsOf(route.url).length === 0) return;
  const handler = route.handler;
  route.handler = async function (this: FastifyInstance, request, reply) {
    const check = pendingChecks.get(request) ?? Promise.resolve();
    let answer: unknown;
    try {
      answer = await handler.call(this, request, reply);
    } catch (error) {
      await check;
      throw error;
    }
    await check;
    return answer;
  };
}

/** The 404 a request's pending ownership check ends in, if any: it takes the place of any other error. */
export async function ownershipRefusal(request: FastifyRequest): Promise<NotFound | undefined> {
  const check = pendingChecks.get(request);
  if (check === undefined) return undefined;
  try {
    await check;
    return undefined;
  } catch (error) {
    if (error instanceof NotFound) return error;
    throw error;
  }
}
