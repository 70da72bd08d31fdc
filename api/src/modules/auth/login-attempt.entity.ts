import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';

/** Kept in PostgreSQL so the login rate limit holds across every API process. */
const LoginAttemptSchema = defineEntity({
  name: 'LoginAttempt',
  tableName: 'login_attempts',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    email: p.string(),
    ip: p.string(),
    succeeded: p.boolean(),
    attemptedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class LoginAttempt extends LoginAttemptSchema.class {}
LoginAttemptSchema.setClass(LoginAttempt);
