import type { EntityManager } from '@mikro-orm/postgresql';
import type { BugReport as BugReportDto, BugReportStatus, CreateBugReportBody } from '@tradepost/shared/schemas/bug-reports.ts';
import { bugReportStatuses } from '@tradepost/shared/schemas/bug-reports.ts';
import { redactUrl } from '../../redact.ts';
import type { User } from '../auth/public.ts';
import { userDisplayName } from '../auth/public.ts';
import { BugReport } from './bug-report.entity.ts';

// Admin views read across every business.
const allBusinesses = { filters: { tenant: false } } as const;

export function presentBugReport(report: BugReport): BugReportDto {
  return {
    id: report.id,
    description: report.description,
    route: report.route,
    app_version: report.appVersion,
    user_agent: report.userAgent ?? null,
    recent_errors: report.recentErrors,
    status: report.status,
    reporter: {
      email: report.reporter.email,
      name: userDisplayName(report.reporter),
    },
    business_name: report.business.name,
    created_at: report.createdAt.toISOString(),
    updated_at: report.updatedAt.toISOString(),
  };
}

export async function createBugReport(
  em: EntityManager,
  user: User,
  input: Required<Pick<CreateBugReportBody, 'recent_errors'>> & CreateBugReportBody,
) {
  const report = em.create(BugReport, {
    business: user.business,
    reporter: user,
    description: input.description,
    // Routes and error messages may carry query tokens; they are stored redacted.
    route: redactUrl(input.route),
    appVersion: input.app_version,
    userAgent: input.user_agent ?? null,
    recentErrors: input.recent_errors.map((error) => ({
      ...error,
      message: redactUrl(error.message),
      ...(error.route ? { route: redactUrl(error.route) } : {}),
    })),
  });
  await em.flush();
  return report;
}

export async function listBugReports(em: EntityManager, query: { status?: BugReportStatus | undefined; limit: number }) {
  const [items, grouped] = await Promise.all([
    em.find(BugReport, query.status ? { status: query.status } : {}, {
      ...allBusinesses,
      populate: ['reporter', 'business'],
      orderBy: { createdAt: 'desc' },
      limit: query.limit,
    }),
    em.execute<{ status: BugReportStatus; n: number }[]>('SELECT status, count(*)::int AS n FROM bug_reports GROUP BY status'),
  ]);
  const counts = Object.fromEntries(bugReportStatuses.map((status) => [status, 0])) as Record<BugReportStatus, number>;
  for (const row of grouped) counts[row.status] = row.n;
  return { items: items.map(presentBugReport), counts };
}

export async function updateBugReportStatus(em: EntityManager, id: string, status: BugReportStatus) {
  const report = await em.findOneOrFail(BugReport, { id }, { ...allBusinesses, populate: ['reporter', 'business'] });
  report.status = status;
  await em.flush();
  return presentBugReport(report);
}
