import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { modules } from './modules/index.ts';
import { announceDomainEvents, DOMAIN_EVENTS_HEADER } from './platform/domain-events.ts';
import { createMailer } from './platform/mailer.ts';
import { mountModules } from './platform/mount-modules.ts';
import { registerWorkflows } from './platform/workflow.ts';
import { accessPlugin } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyLimitPlugin } from './plugins/body-limit.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { dbPlugin } from './plugins/db.ts';
import { installErrorHandler } from './plugins/error-handler.ts';
import { eventsPlugin } from './plugins/events.ts';
import { idempotencyPlugin, REPLAYED_HEADER } from './plugins/idempotency.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { redactUrl } from './redact.ts';
import { workflows } from './workflows/index.ts';

/** The largest request body (an image upload, a CSV import); larger photos are scaled down in the browser first. */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export type AppDeps = {
  config: Config;
  orm: MikroORM;
  databaseUrl: string;
  sessionSecret: string;
  /** 32 bytes: seals marketplace credentials at rest (plugins/sealed-box.ts). */
  tokenKey: Buffer;
};

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      // A payout's bank details are a seller's secrets too (only their last four characters show anywhere but their own screen).
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.access_token',
        '*.account_number',
        '*.routing_number',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}

/**
 * Who may call cross-origin: the web origins, our own Chrome extension (EXTENSION_IDS; any other
 * extension gets no CORS grant) and Firefox extensions. Firefox gives every installation its own
 * random `moz-extension://<uuid>` origin, which no server can know in advance, so those are all
 * admitted; a bearer token is still needed for anything but the public routes.
 */
function allowedOrigin(config: Pick<Config, 'WEB_ORIGINS' | 'EXTENSION_IDS'>) {
  const allowed = new Set([
    ...config.WEB_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    ...config.EXTENSION_IDS.map((id) => `chrome-extension://${id}`),
  ]);
  return (origin: string | undefined, callback: (error: Error | null, allow: boolean) => void) => {
    // No Origin: same-origin requests, curl, server-to-server.
    if (!origin || allowed.has(origin) || /^moz-extension:\/\/[0-9a-f-]{36}$/.test(origin)) return callback(null, true);
    callback(null, false);
  };
}

export async function buildApp({ config, orm, databaseUrl, sessionSecret, tokenKey }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // Off unless TRUST_PROXY names the proxies: otherwise any client could set X-Forwarded-For and
    // choose the address that per-address limits count.
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  closeConnectionsAsTheyFallIdle(app);

  // Tier 1: external plugins.
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Deployments on plain http (a shop's LAN) must keep loading their own assets.
        upgradeInsecureRequests: null,
      },
    },
  });
  // Our extension calls from its own origin: every method the API uses must be allowed cross-origin.
  await app.register(cors, {
    origin: allowedOrigin(config),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    credentials: false,
    // The extension reads which domain events its own writes published (platform/domain-events.ts).
    exposedHeaders: [DOMAIN_EVENTS_HEADER, REPLAYED_HEADER],
    maxAge: 600,
  });
  // Over BODY_LIMIT_BYTES: a 413 the client can read (see the plugin).
  await app.register(bodyLimitPlugin);
  // Before any route: brotli/gzip on every answer over a kilobyte (not the live event stream).
  await app.register(compressionPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tradepost API', version: config.version, description: 'Inventory and multi-marketplace selling.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      tags: modules.map((module) => ({ name: module.name, description: module.description })),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Tier 2: application plugins.
  await app.register(dbPlugin, { orm });
  await app.register(eventsPlugin, { databaseUrl });
  await app.register(jobsPlugin, { orm, databaseUrl, enabled: config.JOBS_ENABLED, leaseMs: config.JOB_LEASE_MS });
  app.decorate('tokenKey', tokenKey);
  await app.register(authPlugin, { secret: sessionSecret });
  await app.register(accessPlugin, { config });
  await app.register(inputGuardPlugin);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, app.log);

  announceDomainEvents(app);
  // After the domain-events header is set, so a replayed answer repeats it.
  await app.register(idempotencyPlugin);

  // Tier 3: the areas, from the module list (routes, jobs, event subscribers).
  await mountModules(app, modules, { config, mailer });
  registerWorkflows(workflows);

  // The web app's files (precompressed, hashed ones cached for good) and the answer to unknown paths.
  await app.register(webAppPlugin, { root: config.WEB_DIST });

  return app;
}

/**
 * When the server stops, Node closes the kept-alive connections that are idle at that moment, but
 * not one still answering a request then: once it falls idle it is kept for the keep-alive timeout
 * (72 s), and the stop waits for it (a browser's connection, a marketplace's webhook sender). Until
 * the server has closed, such connections are closed as they fall idle.
 */
function closeConnectionsAsTheyFallIdle(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | null = null;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
  });
}
