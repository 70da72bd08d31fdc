import type { EntityManager } from '@mikro-orm/postgresql';
import { PASSWORD_CHANGE_MESSAGES } from '@tradepost/shared/domain/password-messages.ts';
import { passwordProblems } from '@tradepost/shared/domain/password-strength.ts';
import type { registerBodySchema, UpdateMeBody } from '@tradepost/shared/schemas/auth.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, Conflict, Unauthorized } from '../../errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { Business } from '../businesses/public.ts';
import { Location } from '../inventory/public.ts';
import { LoginAttempt } from './login-attempt.entity.ts';
import { addressKey, alertOwnerOnRepeatedFailures, assertMaySignIn, type LoginLimits } from './login-limits.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { assertStrongPassword } from './password-rule.ts';
import { Session } from './session.entity.ts';
import { User } from './user.entity.ts';
import { usernameForEmail, usernameTaken } from './usernames.ts';

export const SESSION_LIFETIME_MS = 720 * 60 * 1000;
export const TRIAL_DAYS = 14;

const usernameTakenError = () =>
  new Conflict('This username is taken', 'USERNAME_TAKEN', [{ field: 'username', message: 'This username is taken' }]);

export type RegisterInput = z.output<typeof registerBodySchema>;

/** Creates a business with its owner; the trial starts now. */
export async function register(em: EntityManager, input: RegisterInput): Promise<User> {
  await assertStrongPassword(input.password, [input.email, input.username, input.first_name, input.last_name, input.business_name]);
  if (await em.count(User, { email: input.email })) {
    throw new Conflict('An account with this e-mail already exists', 'EMAIL_TAKEN', [
      { field: 'email', message: 'An account with this e-mail already exists' },
    ]);
  }
  if (input.username && (await usernameTaken(em, input.username))) {
    throw usernameTakenError();
  }
  const timezone = input.timezone ?? 'UTC';
  const passwordHash = await hashPassword(input.password);
  return em.transactional(async (tx) => {
    const business = tx.create(Business, {
      name: input.business_name,
      timezone,
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    });
    const user = tx.create(User, {
      business,
      email: input.email,
      username: input.username ?? (await usernameForEmail(tx, input.email)),
      firstName: input.first_name ?? null,
      lastName: input.last_name ?? null,
      role: 'owner',
      timezone,
      passwordHash,
    });
    // Every business starts with one stock location; more can be added in settings.
    tx.create(Location, { business, name: 'Main warehouse', kind: 'warehouse', isDefault: true });
    return user;
  });
}

export async function openSession(em: EntityManager, user: User, userAgent: string | undefined): Promise<Session> {
  const session = em.create(Session, {
    user,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  await em.flush();
  return session;
}

/**
 * Wrong e-mail and wrong password answer the same, in the same time. The limits (login-limits.ts)
 * are checked before the password is looked at, so a refused attempt tells nothing about it.
 */
export async function login(
  em: EntityManager,
  input: { email: string; password: string; ip: string; userAgent: string | undefined },
  limits: LoginLimits,
  notify: { mailer: Mailer; log: FastifyBaseLogger },
): Promise<Session> {
  const address = addressKey(input.ip);
  await assertMaySignIn(em, input.email, address, limits);
  const user = await em.findOne(User, { email: input.email }, { populate: ['business', 'passwordHash'] });
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  em.create(LoginAttempt, { email: input.email, ip: address, succeeded: Boolean(user && ok) });
  if (!user || !ok) {
    await em.flush();
    await alertOwnerOnRepeatedFailures(em, input.email, user, limits, notify);
    throw new Unauthorized('Incorrect email or password', 'INVALID_CREDENTIALS');
  }
  return openSession(em, user, input.userAgent);
}

export async function logout(em: EntityManager, session: Session): Promise<void> {
  session.revokedAt = new Date();
  await em.flush();
}

export async function updateProfile(em: EntityManager, user: User, input: UpdateMeBody): Promise<User> {
  if (input.username !== undefined && (await usernameTaken(em, input.username, user.id))) {
    throw usernameTakenError();
  }
  if (input.first_name !== undefined) user.firstName = input.first_name;
  if (input.last_name !== undefined) user.lastName = input.last_name;
  if (input.username !== undefined) user.username = input.username;
  if (input.timezone !== undefined) user.timezone = input.timezone;
  await em.flush();
  return user;
}

/**
 * The three failure codes are what the client maps to spec §5's three wordings.
 * A successful change signs out every other session of the user.
 */
export async function changePassword(
  em: EntityManager,
  auth: { user: User; session: Session },
  input: { current_password: string; new_password: string; confirm_password: string },
): Promise<void> {
  const user = await em.findOneOrFail(User, { id: auth.user.id }, { populate: ['passwordHash', 'business'] });
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError(400, 'CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect', [
      { field: 'current_password', message: 'Current password is incorrect' },
    ]);
  }
  if (input.new_password !== input.confirm_password) {
    throw new AppError(400, 'PASSWORDS_DO_NOT_MATCH', 'New passwords do not match', [
      { field: 'confirm_password', message: 'New passwords do not match' },
    ]);
  }
  const problems = await passwordProblems(input.new_password, [
    user.email,
    user.username,
    user.firstName,
    user.lastName,
    user.business.name,
  ]);
  if (problems.length > 0) {
    throw new AppError(400, 'PASSWORD_TOO_WEAK', PASSWORD_CHANGE_MESSAGES.tooWeak, [
      { field: 'new_password', message: problems.join(', ') },
    ]);
  }
  user.passwordHash = await hashPassword(input.new_password);
  // Other devices are signed out in the same transaction as the new password: no moment where the
  // old password's sessions outlive it.
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(Session, { user: user.id, id: { $ne: auth.session.id }, revokedAt: null }, { revokedAt: new Date() });
  });
}

export async function toggleDemoMode(em: EntityManager, user: User): Promise<User> {
  user.demoMode = !user.demoMode;
  await em.flush();
  return user;
}
