import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, WrenchRegular } from '@fluentui/react-icons';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../features/navigation/router-link.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { homeFor, isPathWithin } from '../../features/shell/access.ts';
import { NoticeCard } from '../../features/shell/notice-card.tsx';

const useStyles = makeStyles({
  status: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground1 },
  description: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

type AreaUnavailablePageProps = {
  /** The area's name as the sidebar and the user know it, e.g. 'Vendors'. */
  area: string;
  /** One line on what the area will do once it is built. */
  description: string;
};

const homeLabels: Readonly<Record<string, string>> = {
  '/dashboard': 'Back to dashboard',
  '/fulfillments': 'Back to Fulfillments',
  '/settings': 'Back to Settings',
  '/profile': 'Back to your profile',
};

/** Where "back" leads: the user's home, the dashboard or, for the fulfillment role, Fulfillments (its dashboard redirects there). */
function useHome(): { to: string; label: string } {
  const { data: user } = useCurrentUser();
  const to = user === undefined ? '/dashboard' : homeFor(user);
  return { to, label: homeLabels[to] ?? 'Back' };
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
    <NoticeCard
      titleId="area-unavailable-title"
      title={area}
      icon={<WrenchRegular />}
      tone="brand"
      action={
        isPathWithin(pathname, home.to) ? undefined : (
          <ButtonLink to={home.to} appearance="primary" icon={<ArrowLeftRegular />}>
            {home.label}
          </ButtonLink>
        )
      }
    >
      <p className={styles.status}>{area} is not available yet.</p>
      <p className={styles.description}>{description}</p>
    </NoticeCard>
  );
}
