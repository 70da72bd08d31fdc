import type { EntityManager } from '@mikro-orm/postgresql';
import type { registerBodySchema } from '@tradepost/shared/schemas/auth.ts';
import { strongPasswordSchema, type UpdateMeBody } from '@tradepost/shared/schemas/auth.ts';
import type { z } from 'zod';
import { AppError, Conflict, TooManyRequests, Unauthorized } from '../../errors.ts';
import { Business } from '../businesses/public.ts';
import { Location } from '../inventory/public.ts';
import { LoginAttempt } from './login-attempt.entity.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { Session } from './session.entity.ts';
import { User } from './user.entity.ts';
import { usernameForEmail, usernameTaken } from './usernames.ts';

export const SESSION_LIFETIME_MS = 720 * 60 * 1000;
export const TRIAL_DAYS = 14;
const RATE_WINDOW_MS = 15 * 60 * 1000;

const usernameTakenError = () =>
  new Conflict('This username is taken', 'USERNAME_TAKEN', [{ field: 'username', message: 'This username is taken' }]);

export type RegisterInput = z.output<typeof registerBodySchema>;
export type RateLimits = { perEmail: number; perIp: number };

/** Creates a business with its owner; the trial starts now. */
export async function register(em: EntityManager, input: RegisterInput): Promise<User> {
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

async function assertNotRateLimited(em: EntityManager, email: string, ip: string, limits: RateLimits): Promise<void> {
  const since = new Date(Date.now() - RATE_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    em.count(LoginAttempt, { email, succeeded: false, attemptedAt: { $gte: since } }),
    em.count(LoginAttempt, { ip, attemptedAt: { $gte: since } }),
  ]);
  if (byEmail >= limits.perEmail || byIp >= limits.perIp) {
    throw new TooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again.');
  }
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

/** Wrong e-mail and wrong password answer the same, in the same time. */
export async function login(
  em: EntityManager,
  input: { email: string; password: string; ip: string; userAgent: string | undefined },
  limits: RateLimits,
): Promise<Session> {
  await assertNotRateLimited(em, input.email, input.ip, limits);
  const user = await em.findOne(User, { email: input.email }, { populate: ['business', 'passwordHash'] });
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  em.create(LoginAttempt, { email: input.email, ip: input.ip, succeeded: Boolean(user && ok) });
  if (!user || !ok) {
    await em.flush();
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
  const user = await em.findOneOrFail(User, { id: auth.user.id }, { populate: ['passwordHash'] });
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
  const strength = strongPasswordSchema.safeParse(input.new_password);
  if (!strength.success) {
    throw new AppError(400, 'PASSWORD_TOO_WEAK', 'New password is not strong enough', [
      { field: 'new_password', message: strength.error.issues.map((issue) => issue.message).join(', ') },
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
