import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

export const bugReportStatuses = ['new', 'triaged', 'resolved', 'dismissed'] as const;
export const bugReportStatusSchema = z.enum(bugReportStatuses);
export type BugReportStatus = z.infer<typeof bugReportStatusSchema>;

export const clientErrorSchema = z.object({
  message: z.string().max(2000),
  at: timestampSchema,
  route: z.string().max(500).optional(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

/** As the app sends it: `at` is its clock's ISO time, so no longer than a timestamp (the stored ones are read as they are). */
const clientErrorInputSchema = clientErrorSchema.extend({
  at: z.string().max(40, { error: 'Give the time as an ISO timestamp' }),
});

/** What the Report Bug modal sends: the user's text plus context the app gathers itself. */
export const createBugReportBodySchema = z.object({
  description: z
    .string()
    .trim()
    .min(10, { error: 'Describe what happened in at least 10 characters' })
    .max(5000, { error: 'Keep the description under 5,000 characters' }),
  route: z.string().min(1).max(500),
  app_version: z.string().min(1).max(100),
  user_agent: z.string().max(500).optional(),
  recent_errors: z.array(clientErrorInputSchema).max(20, { error: 'At most 20 recent errors' }).default([]),
});
export type CreateBugReportBody = z.input<typeof createBugReportBodySchema>;

export const bugReportSchema = z.object({
  id: uuidSchema,
  description: z.string(),
  route: z.string(),
  app_version: z.string(),
  user_agent: z.string().nullable(),
  recent_errors: z.array(clientErrorSchema),
  status: bugReportStatusSchema,
  reporter: z.object({ email: z.string(), name: z.string() }),
  business_name: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type BugReport = z.infer<typeof bugReportSchema>;

export const bugReportListQuerySchema = z.object({
  status: bugReportStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const bugReportListSchema = z.object({
  items: z.array(bugReportSchema),
  counts: z.record(bugReportStatusSchema, z.number().int()),
});

export const updateBugReportBodySchema = z.object({ status: bugReportStatusSchema }).strict();
export const bugReportParamsSchema = z.object({ bugReportId: uuidSchema });
