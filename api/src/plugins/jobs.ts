import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    /** Seals marketplace credentials at rest (sealed-box.ts); never logged or sent. */
    tokenKey: Buffer;
  }
}

/**
 * The job runner lives in the API process (same codebase, as many processes as run). Modules
 * register their handlers while the app is built; the runner starts when the app is ready and
 * finishes its running jobs on close. With `JOBS_ENABLED=false` a process only serves HTTP.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { orm: MikroORM; databaseUrl: string; enabled: boolean; leaseMs: number }) => {
    const runner = createJobRunner({ orm: opts.orm, databaseUrl: opts.databaseUrl, log: app.log, leaseMs: opts.leaseMs });
    app.decorate('jobs', runner);
    if (opts.enabled) app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.close());
  },
  { name: 'jobs' },
);
