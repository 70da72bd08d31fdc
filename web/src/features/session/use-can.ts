import { can, type Permission } from '@tradepost/shared/domain/permissions.ts';
import { useCallback } from 'react';
import { useCurrentUser } from './use-current-user.ts';

/**
 * The signed-in user's permissions, from the role table the API enforces: `useCan()('sales:read')`.
 * Screens skip the queries, sections and actions their role lacks, because a 403 ends the session
 * (spec §8). Until the user has loaded, the answer is no: nothing is called on a guess.
 */
export function useCan(): (permission: Permission) => boolean {
  const role = useCurrentUser().data?.role;
  return useCallback((permission: Permission) => role !== undefined && can(role, permission), [role]);
}
