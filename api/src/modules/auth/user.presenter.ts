import type { User as UserDto } from '@tradepost/shared/schemas/auth.ts';
import { presentBusiness } from '../businesses/business.presenter.ts';
import type { User } from './user.entity.ts';

/** The user as the API shows it (spec §3 field names). */
export function presentUser(user: User, adminEmails: readonly string[]): UserDto {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    role: user.role,
    timezone: user.timezone,
    demo_mode: user.demoMode,
    is_super_admin: adminEmails.includes(user.email),
    business: presentBusiness(user.business),
  };
}
