import type { StaleAfter } from './query-key.ts';

/** Query keys of the account area: team, invitations and invitation previews (one factory per area). */
export const accountKeys = {
  all: ['account'] as const,
  teamMembers: (businessId: string) => [...accountKeys.all, 'team-members', businessId] as const,
  invitationLists: () => [...accountKeys.all, 'invitations'] as const,
  invitations: (businessId: string) => [...accountKeys.invitationLists(), businessId] as const,
  invitationPreview: (token: string) => [...accountKeys.all, 'invitation-preview', token] as const,
};

/** The team is no business fact other areas react to: its writes publish no event and refresh by hand. */
export const accountStaleAfter: StaleAfter = {};
