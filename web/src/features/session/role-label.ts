import type { Role } from '@tradepost/shared/schemas/auth.ts';

const labels: Record<Role, string> = { owner: 'Owner', staff: 'Staff', fulfillment: 'Fulfillment' };

export function roleLabel(role: Role): string {
  return labels[role];
}
