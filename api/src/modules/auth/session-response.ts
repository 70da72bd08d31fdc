import type { LoginResponse } from '@tradepost/shared/schemas/auth.ts';
import type { FastifyInstance } from 'fastify';
import type { Session } from './session.entity.ts';
import { type AccessLists, presentUser } from './user.presenter.ts';

/** The answer of every way to sign in: password, invitation, mobile code. */
export function sessionResponse(app: FastifyInstance, session: Session, access: AccessLists): LoginResponse {
  return {
    user: presentUser(session.user, access),
    access_token: app.signSessionToken(session),
    token_type: 'bearer',
    expires_at: session.expiresAt.toISOString(),
  };
}
