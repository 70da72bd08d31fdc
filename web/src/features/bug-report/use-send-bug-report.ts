import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@tradepost/shared/query/admin.ts';
import { type BugReport, bugReportSchema, type CreateBugReportBody } from '@tradepost/shared/schemas/bug-reports.ts';
import { api } from '../../app/api.ts';
import { appVersion } from './app-version.ts';
import { currentRoute, recentClientErrors } from './client-error-log.ts';

/** Everything but the user's words is gathered here, at the moment the report is sent. */
async function buildReport(description: string): Promise<CreateBugReportBody> {
  const userAgent = typeof navigator === 'undefined' ? undefined : navigator.userAgent.slice(0, 500);
  return {
    description: description.trim(),
    route: currentRoute() ?? '/',
    app_version: await appVersion(),
    user_agent: userAgent,
    recent_errors: recentClientErrors(),
  };
}

/** POST /bug-reports with the page, app version, browser and the tab's recent errors. */
export function useSendBugReport(): UseMutationResult<BugReport, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (description: string) => api.post('/bug-reports', { body: await buildReport(description), schema: bugReportSchema }),
    onSuccess: () => {
      // An admin who reports a bug sees it in the triage list at once (the client caches admin GETs;
      // a bug report is no business's domain event).
      api.invalidate('/admin/bug-reports');
      void queryClient.invalidateQueries({ queryKey: adminKeys.bugReportLists() });
    },
    // A retried POST whose first answer was lost would file the same report twice.
    retry: false,
  });
}
