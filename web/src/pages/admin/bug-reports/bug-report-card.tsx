import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Dropdown,
  Field,
  makeStyles,
  mergeClasses,
  Option,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import type { BugReport, BugReportStatus } from '@tradepost/shared/schemas/bug-reports.ts';
import { bugReportStatuses, bugReportStatusInfo } from '../../../features/admin/bug-report-status.ts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '20px 24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '12px 20px' },
  who: { minWidth: 0, flex: '1 1 280px', display: 'flex', flexDirection: 'column', gap: '4px' },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px 10px' },
  reporter: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  sub: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  status: { width: '100%', minWidth: 0 },
  statusField: { width: '180px', flexShrink: 0, '@media (max-width: 600px)': { width: '100%' } },
  description: {
    ...typographyStyles.body1,
    lineHeight: 1.6,
    margin: 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground1,
  },
  meta: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: '6px 16px',
    margin: 0,
    padding: '12px 14px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    ...typographyStyles.caption1,
    '@media (max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '2px' },
  },
  term: { color: tokens.colorNeutralForeground3, '@media (max-width: 420px)': { marginTop: '6px' } },
  detail: { margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  errors: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  error: {
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    borderLeft: `3px solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  errorMeta: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    display: 'block',
    marginBottom: '4px',
    overflowWrap: 'anywhere',
  },
  errorText: {
    margin: 0,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground1,
  },
  noErrors: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "3 hours ago", "2 days ago": how old a report is at a glance. */
function ago(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

type BugReportCardProps = {
  report: BugReport;
  updating: boolean;
  onStatusChange: (status: BugReportStatus) => void;
};

/** One report: what the user wrote, who and where, the app's context, and its triage status. */
export function BugReportCard({ report, updating, onStatusChange }: BugReportCardProps) {
  const styles = useStyles();
  const info = bugReportStatusInfo[report.status];
  const titleId = `bug-report-${report.id}`;
  const errorCount = report.recent_errors.length;

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <div className={styles.who}>
          <div className={styles.line}>
            <Badge appearance="filled" color={info.color}>
              {info.label}
            </Badge>
            <h3 id={titleId} className={styles.reporter}>
              {report.reporter.name}
            </h3>
          </div>
          <span className={styles.sub}>
            {report.reporter.email} · {report.business_name} ·{' '}
            <time dateTime={report.created_at} title={formatTime(report.created_at)}>
              {ago(report.created_at, Date.now())}
            </time>
          </span>
        </div>
        <Field className={styles.statusField} label="Status">
          <Dropdown
            className={styles.status}
            value={info.label}
            selectedOptions={[report.status]}
            disabled={updating}
            expandIcon={updating ? <Spinner size="extra-tiny" /> : undefined}
            onOptionSelect={(_, data) => {
              const next = bugReportStatuses.find((status) => status === data.optionValue);
              if (next !== undefined && next !== report.status) onStatusChange(next);
            }}
          >
            {bugReportStatuses.map((status) => (
              <Option key={status} value={status} text={bugReportStatusInfo[status].label}>
                {bugReportStatusInfo[status].label}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>

      <p className={styles.description}>{report.description}</p>

      <dl className={styles.meta}>
        <dt className={styles.term}>Page</dt>
        <dd className={mergeClasses(styles.detail, styles.mono)}>{report.route}</dd>
        <dt className={styles.term}>App version</dt>
        <dd className={styles.detail}>{report.app_version}</dd>
        <dt className={styles.term}>Sent</dt>
        <dd className={styles.detail}>{formatTime(report.created_at)}</dd>
        <dt className={styles.term}>Browser</dt>
        <dd className={styles.detail}>{report.user_agent ?? 'Not sent'}</dd>
      </dl>

      {errorCount === 0 ? (
        <p className={styles.noErrors}>The reporter’s tab recorded no errors before this report.</p>
      ) : (
        <Accordion collapsible>
          <AccordionItem value="errors">
            <AccordionHeader size="small">
              {errorCount === 1 ? '1 recent error' : `${errorCount} recent errors`} from the reporter’s tab
            </AccordionHeader>
            <AccordionPanel>
              <ol className={styles.errors}>
                {report.recent_errors.map((error, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same error can repeat; the list never reorders.
                  <li key={index} className={styles.error}>
                    <span className={styles.errorMeta}>
                      {formatTime(error.at)}
                      {error.route === undefined ? '' : ` · ${error.route}`}
                    </span>
                    <p className={styles.errorText}>{error.message}</p>
                  </li>
                ))}
              </ol>
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
      )}
    </article>
  );
}
