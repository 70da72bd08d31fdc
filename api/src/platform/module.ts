import type { Options } from '@mikro-orm/postgresql';
import type { Permission } from '@tradepost/shared/domain/permissions.ts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { TenantTable } from '../db/schema.generated.ts';
import type { JobType } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/runner.ts';
import type { Subscriber } from './domain-events.ts';
import type { Mailer } from './mailer.ts';

/** What every area's routes, jobs and start-up hooks are given. */
export type ModuleDeps = { config: Config; mailer: Mailer };

export type ModuleRoutes = FastifyPluginAsyncZod<ModuleDeps>;

type JobPayload = Record<string, unknown>;

/** A job kind the area handles, with the handler built once the app exists. */
export type ModuleJob<P extends JobPayload = JobPayload> = {
  readonly type: JobType<P>;
  readonly handler: (app: FastifyInstance, deps: ModuleDeps) => JobHandler<P>;
};

export const handles = <P extends JobPayload>(type: JobType<P>, handler: ModuleJob<P>['handler']): ModuleJob<P> => ({ type, handler });

/**
 * How long an area keeps the rows of a log-like table: the job runner's housekeeping deletes older
 * ones (every ten minutes, across businesses). `keep` is a PostgreSQL interval; `why` says what the
 * period must cover.
 */
export type Retention = { readonly table: TenantTable; readonly column: string; readonly keep: `${number} days`; readonly why: string };

/** A path parameter's table, and what its 404 says ("Sale not found"). */
export type OwnedId = { readonly table: TenantTable; readonly notFound: string };

type EntityList = NonNullable<Options['entities']>;

/**
 * An area, declared once: app.ts builds the routes, the ORM's entity list, the job handlers, the
 * event subscriptions and the OpenAPI tags from the list of these in modules/index.ts. Adding an
 * area touches that list and nothing else of the platform.
 */
export type AreaModule = {
  /** The area's folder name and its OpenAPI tag. */
  readonly name: string;
  readonly description: string;
  /** MikroORM entities the area owns. */
  readonly entities?: EntityList;
  /** Routes under /api/v1/businesses/:businessId, after the membership check. */
  readonly businessRoutes?: readonly ModuleRoutes[];
  /** Routes under /api/v1 that belong to no business path (sign-in, one's own profile, webhooks). */
  readonly apiRoutes?: readonly ModuleRoutes[];
  /** Routes at the site root (health and version answer there too). */
  readonly rootRoutes?: readonly ModuleRoutes[];
  /**
   * The path parameters that name the area's rows, with their table (`saleId: { table: 'sales', notFound:
   * 'Sale not found' }`): in the
   * business scope, an id the business does not own answers 404 before the body is read or validated
   * (platform/owned-ids.ts). A business route with an `…Id` parameter not listed here fails at boot.
   */
  readonly ownedIds?: Readonly<Record<string, OwnedId>>;
  /** Every business permission the area's routes declare; a route declaring another fails at boot. */
  readonly permissions?: readonly Permission[];
  // biome-ignore lint/suspicious/noExplicitAny: each job keeps its own payload type; the list holds them all.
  readonly jobs?: readonly ModuleJob<any>[];
  // biome-ignore lint/suspicious/noExplicitAny: each subscriber keeps its own event type; the list holds them all.
  readonly subscribers?: readonly Subscriber<any>[];
  /** Log-like tables the area lets go of after a while (without it, a table grows for ever). */
  readonly retention?: readonly Retention[];
  /** Runs when the app is ready (e.g. scheduling polls a restarted process may have missed). */
  readonly onReady?: (app: FastifyInstance, deps: ModuleDeps) => Promise<void>;
};

export const defineModule = (module: AreaModule): AreaModule => module;
