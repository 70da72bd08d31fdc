import { useCurrentUser } from '../session/use-current-user.ts';

/** Spec §1: whether the signed-in user has demo mode on (off while signed out or loading). */
export function useDemoMode(): boolean {
  return useCurrentUser().data?.demo_mode ?? false;
}
