import { Badge, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import {
  ArrowRightRegular,
  BugRegular,
  BuildingMultipleRegular,
  DataHistogramRegular,
  type FluentIcon,
  LayerDiagonalRegular,
  ReceiptMoneyRegular,
  RulerRegular,
} from '@fluentui/react-icons';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useBugReports } from '../../../features/admin/use-bug-reports.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';

const useStyles = makeStyles({
  hero: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '16px 24px',
    padding: '24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    '@media (max-width: 600px)': { padding: '18px 16px' },
  },
  heroMain: { display: 'flex', gap: '14px', alignItems: 'flex-start', minWidth: 0, flex: '1 1 320px' },
  icon: {
    width: '44px',
    height: '44px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusLarge,
    display: 'grid',
    placeItems: 'center',
    fontSize: '24px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  muted: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3 },
  title: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground1 },
  text: { ...typographyStyles.body1, margin: '4px 0 0', color: tokens.colorNeutralForeground2 },
  counts: { display: 'flex', flexWrap: 'wrap', gap: '6px', marginTop: '10px' },
  sectionTitle: { ...typographyStyles.subtitle1, margin: '8px 0 0', color: tokens.colorNeutralForeground1 },
  sectionText: { ...typographyStyles.body1, margin: '-8px 0 0', color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '16px',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: {
    display: 'flex',
    gap: '14px',
    alignItems: 'flex-start',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  chip: {
    ...typographyStyles.caption2Strong,
    padding: '2px 8px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
  },
  cardHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px 10px' },
  path: {
    ...typographyStyles.caption1,
    fontFamily: tokens.fontFamilyMonospace,
    color: tokens.colorNeutralForeground3,
    marginTop: '6px',
    display: 'block',
  },
});

type Area = { icon: FluentIcon; title: string; path?: string; text: string };

const laterAreas: readonly Area[] = [
  {
    icon: BuildingMultipleRegular,
    title: 'Businesses and users',
    text: 'Look up any business, its owner, its users and its trial, for support. This list is not built yet; for now, use the database or the API logs.',
  },
  {
    icon: RulerRegular,
    title: 'Manual size matching',
    path: '/admin/manual-size-conversion-matching',
    text: 'Marketplace size strings that no rule could read, matched to a size by hand; each match becomes a rule. It opens once products and size formats exist.',
  },
  {
    icon: DataHistogramRegular,
    title: 'Product sales reports',
    path: '/admin/product-sales-reports',
    text: 'Sales of one product across every business, for catalog and pricing questions. It needs sales, which are not built yet.',
  },
  {
    icon: ReceiptMoneyRegular,
    title: 'Marketplace and system sales',
    path: '/admin/marketplace-sales',
    text: 'Sales by marketplace across the platform, limited to the named accounts. It arrives together with marketplace sales.',
  },
  {
    icon: LayerDiagonalRegular,
    title: 'Batch operations',
    path: '/batch-operations',
    text: 'Bulk listing, relisting and price changes with the request and answer of each item. It arrives with marketplace listings.',
  },
];

function BugReportsCard() {
  const styles = useStyles();
  const reports = useBugReports('all');
  const counts = reports.data?.counts;
  return (
    <section className={styles.hero} aria-labelledby="admin-bug-reports-title">
      <div className={styles.heroMain}>
        <span className={styles.icon} aria-hidden="true">
          <BugRegular />
        </span>
        <div>
          <h2 id="admin-bug-reports-title" className={styles.title}>
            Bug reports
          </h2>
          <p className={styles.text}>
            What users sent with Report Bug: their words, the page, the app version and the errors their tab saw.
          </p>
          {counts === undefined ? null : (
            <div className={styles.counts}>
              <Badge appearance={counts.new ? 'filled' : 'tint'} color={counts.new ? 'danger' : 'subtle'}>
                {counts.new ?? 0} new
              </Badge>
              <Badge appearance="tint" color="warning">
                {counts.triaged ?? 0} triaged
              </Badge>
              <Badge appearance="tint" color="success">
                {counts.resolved ?? 0} resolved
              </Badge>
            </div>
          )}
        </div>
      </div>
      <ButtonLink to="/admin/bug-reports" appearance="primary" icon={<ArrowRightRegular />} iconPosition="after">
        Open bug reports
      </ButtonLink>
    </section>
  );
}

/** Signed-in page /admin (admin guard in the router): the admin areas, and what each is for. */
export function AdminPage() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  return (
    <AppPage
      title="Admin"
      wide
      description={`Signed in as ${user?.email ?? 'an administrator'}. Admin access is decided by e-mail address alone.`}
    >
      <BugReportsCard />
      <h2 className={styles.sectionTitle}>Other admin areas</h2>
      <p className={styles.sectionText}>These need parts of Tradepost that are not built yet. Each note says what it is waiting for.</p>
      <ul className={styles.grid}>
        {laterAreas.map(({ icon: Icon, title, path, text }) => (
          <li key={title} className={styles.card}>
            <span className={mergeClasses(styles.icon, styles.muted)} aria-hidden="true">
              <Icon />
            </span>
            <div>
              <div className={styles.cardHead}>
                <h3 className={styles.title}>{title}</h3>
                <span className={styles.chip}>Not built yet</span>
              </div>
              <p className={styles.text}>{text}</p>
              {path === undefined ? null : <span className={styles.path}>{path}</span>}
            </div>
          </li>
        ))}
      </ul>
    </AppPage>
  );
}
