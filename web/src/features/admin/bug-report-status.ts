import type { BadgeProps } from '@fluentui/react-components';
import { type BugReportStatus, bugReportStatuses } from '@tradepost/shared/schemas/bug-reports.ts';

export { bugReportStatuses };

/** How each triage status is named and coloured wherever bug reports are shown. */
export const bugReportStatusInfo: Record<BugReportStatus, { label: string; color: NonNullable<BadgeProps['color']>; hint: string }> = {
  new: { label: 'New', color: 'danger', hint: 'Not looked at yet' },
  triaged: { label: 'Triaged', color: 'warning', hint: 'Confirmed and being worked on' },
  resolved: { label: 'Resolved', color: 'success', hint: 'Fixed' },
  dismissed: { label: 'Dismissed', color: 'subtle', hint: 'Not a bug, or cannot be reproduced' },
};
