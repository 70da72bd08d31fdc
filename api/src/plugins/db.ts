import type { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
  }
}

/** Decorates the app with the ORM and gives every request its own identity map. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { orm: MikroORM }) => {
    app.decorate('orm', opts.orm);
    app.addHook('onRequest', (_request, _reply, done) => {
      RequestContext.create(opts.orm.em, done);
    });
  },
  { name: 'db' },
);
