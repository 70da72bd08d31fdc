import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@tradepost/shared/schemas/auth.ts';
import type { AcceptInvitationBody, Invitation as InvitationDto, TeamMember } from '@tradepost/shared/schemas/users.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { Session } from '../auth/public.ts';
import {
  assertStrongPassword,
  hashPassword,
  hashToken,
  newLinkToken,
  openSession,
  User,
  userDisplayName,
  usernameForEmail,
} from '../auth/public.ts';
import { Invitation } from './invitation.entity.ts';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

function invitationStatus(invitation: Invitation, now = Date.now()): InvitationDto['status'] {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt.getTime() <= now ? 'expired' : 'pending';
}

export function presentInvitation(invitation: Invitation): InvitationDto {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: invitationStatus(invitation),
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
    invited_by: userDisplayName(invitation.invitedBy),
  };
}

export async function listMembers(em: EntityManager, businessId: string): Promise<TeamMember[]> {
  const users = await em.find(User, { business: businessId }, { orderBy: { createdAt: 'asc' } });
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    role: user.role,
    created_at: user.createdAt.toISOString(),
  }));
}

export async function listInvitations(em: EntityManager): Promise<InvitationDto[]> {
  const invitations = await em.find(Invitation, {}, { populate: ['invitedBy'], orderBy: { createdAt: 'desc' }, limit: 200 });
  return invitations.map(presentInvitation);
}

export async function invite(
  em: EntityManager,
  input: { inviter: User; email: string; role: Role; publicUrl: string },
  mailer: Mailer,
): Promise<{ invitation: InvitationDto; accept_path: string }> {
  if (await em.count(User, { email: input.email })) {
    throw new Conflict('This person already has a Tradepost account', 'EMAIL_TAKEN', [
      { field: 'email', message: 'This person already has a Tradepost account' },
    ]);
  }
  const pending = await em.findOne(Invitation, { email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { $gt: new Date() } });
  if (pending) {
    throw new Conflict('An invitation to this e-mail is already pending', 'INVITATION_PENDING', [
      { field: 'email', message: 'An invitation to this e-mail is already pending; revoke it to send a new one' },
    ]);
  }
  const token = newLinkToken();
  const invitation = em.create(Invitation, {
    business: input.inviter.business,
    email: input.email,
    role: input.role,
    tokenHash: hashToken(token),
    invitedBy: input.inviter,
    expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
  });
  await em.flush();
  const acceptPath = `/accept-invitation/${token}`;
  await mailer.send({
    to: input.email,
    businessId: input.inviter.business.id,
    subject: `${userDisplayName(input.inviter)} invited you to ${input.inviter.business.name} on Tradepost`,
    text: `You have been invited to join ${input.inviter.business.name} on Tradepost as ${input.role}.\n\nAccept within 7 days: ${input.publicUrl}${acceptPath}\n`,
  });
  return { invitation: presentInvitation(invitation), accept_path: acceptPath };
}

export async function revokeInvitation(em: EntityManager, id: string): Promise<void> {
  const invitation = await em.findOne(Invitation, { id });
  if (!invitation) throw new NotFound('Invitation not found');
  if (!invitation.acceptedAt && !invitation.revokedAt) invitation.revokedAt = new Date();
  await em.flush();
}

/** The token is the only key: tenant scoping is off, the hash must match a live invitation. */
async function liveInvitation(em: EntityManager, token: string): Promise<Invitation> {
  const invitation = await em.findOne(
    Invitation,
    { tokenHash: hashToken(token), acceptedAt: null, revokedAt: null, expiresAt: { $gt: new Date() } },
    { filters: { tenant: false }, populate: ['business', 'invitedBy'] },
  );
  if (!invitation) throw new NotFound('This invitation is invalid or has expired.', 'INVITATION_NOT_FOUND');
  return invitation;
}

export async function previewInvitation(em: EntityManager, token: string) {
  const invitation = await liveInvitation(em, token);
  return {
    email: invitation.email,
    role: invitation.role,
    business_name: invitation.business.name,
    invited_by: userDisplayName(invitation.invitedBy),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

export async function acceptInvitation(
  em: EntityManager,
  token: string,
  input: AcceptInvitationBody & { password: string },
  userAgent: string | undefined,
): Promise<Session> {
  const invited = await liveInvitation(em, token);
  await assertStrongPassword(input.password, [invited.email, input.first_name, input.last_name, invited.business.name]);
  const passwordHash = await hashPassword(input.password);
  return em.transactional(async (tx) => {
    const invitation = await liveInvitation(tx, token);
    if (await tx.count(User, { email: invitation.email })) {
      throw new Conflict('This e-mail already has a Tradepost account', 'EMAIL_TAKEN', [
        { field: 'email', message: 'This e-mail already has a Tradepost account' },
      ]);
    }
    const user = tx.create(User, {
      business: invitation.business,
      email: invitation.email,
      username: await usernameForEmail(tx, invitation.email),
      firstName: input.first_name ?? null,
      lastName: input.last_name ?? null,
      role: invitation.role,
      timezone: invitation.business.timezone,
      passwordHash,
    });
    invitation.acceptedAt = new Date();
    return openSession(tx, user, userAgent);
  });
}
