import { defineEntity, p } from '@mikro-orm/core';
import type { BugReportStatus, ClientError } from '@tradepost/shared/schemas/bug-reports.ts';
import { newId } from '../../db/ids.ts';
import { tenantFilter } from '../../db/tenant.ts';
import { User } from '../auth/public.ts';
import { Business } from '../businesses/public.ts';

const BugReportSchema = defineEntity({
  name: 'BugReport',
  tableName: 'bug_reports',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    reporter: () => p.manyToOne(User),
    description: p.text(),
    route: p.string(),
    appVersion: p.string(),
    userAgent: p.string().nullable(),
    recentErrors: p.json<ClientError[]>(),
    status: p.string().$type<BugReportStatus>().default('new'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class BugReport extends BugReportSchema.class {}
BugReportSchema.setClass(BugReport);
