import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, WrenchRegular } from '@fluentui/react-icons';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../features/navigation/router-link.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { FULFILLMENT_HOME, isFulfillmentRole, isPathWithin } from '../../features/shell/access.ts';

const useStyles = makeStyles({
  wrap: {
    display: 'flex',
    justifyContent: 'center',
    padding: '48px 24px',
    '@media (max-width: 600px)': { padding: '24px 16px' },
  },
  card: {
    width: '100%',
    maxWidth: '560px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '12px',
    padding: '28px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    '@media (max-width: 600px)': { padding: '20px' },
  },
  icon: {
    width: '40px',
    height: '40px',
    display: 'grid',
    placeItems: 'center',
    fontSize: '22px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  title: { ...typographyStyles.title3, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  status: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground1 },
  description: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  actions: { marginTop: '8px' },
});

type AreaUnavailablePageProps = {
  /** The area's name as the sidebar and the user know it, e.g. 'Vendors'. */
  area: string;
  /** One line on what the area will do once it is built. */
  description: string;
};

/** Where "back" leads: the dashboard, or Fulfillments for the fulfillment role (its dashboard redirects there). */
function useHome(): { to: string; label: string } {
  const { data: user } = useCurrentUser();
  return user !== undefined && isFulfillmentRole(user)
    ? { to: FULFILLMENT_HOME, label: 'Back to Fulfillments' }
    : { to: '/dashboard', label: 'Back to dashboard' };
}

/**
 * The honest page for a route whose screen is not built yet: it says so plainly, says what the area
 * will do, and leads back to the dashboard. It shows no figures and no sample data.
 */
export function AreaUnavailablePage({ area, description }: AreaUnavailablePageProps) {
  const styles = useStyles();
  const home = useHome();
  const { pathname } = useLocation();
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="area-unavailable-title">
        <span className={styles.icon} aria-hidden="true">
          <WrenchRegular />
        </span>
        <h1 id="area-unavailable-title" className={styles.title}>
          {area}
        </h1>
        <p className={styles.status}>{area} is not available yet.</p>
        <p className={styles.description}>{description}</p>
        {isPathWithin(pathname, home.to) ? null : (
          <div className={styles.actions}>
            <ButtonLink to={home.to} appearance="primary" icon={<ArrowLeftRegular />}>
              {home.label}
            </ButtonLink>
          </div>
        )}
      </section>
    </div>
  );
}
