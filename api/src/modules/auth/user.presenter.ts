import { displayName } from '@tradepost/shared/domain/session.ts';
import type { User as UserDto } from '@tradepost/shared/schemas/auth.ts';
import { presentBusiness } from '../businesses/public.ts';
import type { User } from './user.entity.ts';

/** The user as the API shows it (spec §3 field names). */
export type AccessLists = { adminEmails: readonly string[]; systemSalesEmail: string };

/** Access is decided by e-mail only (spec §5, §6). */
export const accessLists = (config: { ADMIN_EMAILS: string[]; SYSTEM_SALES_EMAIL: string }): AccessLists => ({
  adminEmails: config.ADMIN_EMAILS,
  systemSalesEmail: config.SYSTEM_SALES_EMAIL.toLowerCase(),
});

export function presentUser(user: User, access: AccessLists): UserDto {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    role: user.role,
    timezone: user.timezone,
    demo_mode: user.demoMode,
    is_super_admin: access.adminEmails.includes(user.email),
    is_system_sales: access.systemSalesEmail !== '' && access.systemSalesEmail === user.email,
    business: presentBusiness(user.business),
  };
}

/** Spec §3: first and last name when both exist, else the username. */
export const userDisplayName = (user: User): string =>
  displayName({ first_name: user.firstName ?? null, last_name: user.lastName ?? null, username: user.username });
