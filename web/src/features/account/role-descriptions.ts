import type { Role } from '@tradepost/shared/schemas/auth.ts';

/** What each role may do (spec §6), in the words the invite form and team list use. */
export const roleDescriptions: Record<Role, string> = {
  owner: 'Everything, including users and billing.',
  staff: 'Runs the day: everything except users and billing.',
  fulfillment: 'Only fulfillments and settings: picks, packs and ships.',
};

/** The order roles are offered in when inviting: the most common first. */
export const invitableRoles: readonly Role[] = ['staff', 'fulfillment', 'owner'];
