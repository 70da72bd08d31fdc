import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { Forbidden } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preValidation for admin routes: signed in, and a super-admin by e-mail (spec §5, §6). */
    requireSuperAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

export const adminPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (!opts.config.ADMIN_EMAILS.includes(request.auth.user.email)) {
        throw new Forbidden("You don't have permission to access the Admin area.");
      }
    });
  },
  { name: 'admin', dependencies: ['auth'] },
);
