import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Renders the current route again: React Router clears a route's error when the location changes,
 * and navigating to the same address (replacing the entry) gives a new location.
 */
export function useRetryRoute(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: location.state });
  }, [navigate, location]);
}
