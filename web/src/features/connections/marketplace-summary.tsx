import { Badge, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { BeakerRegular } from '@fluentui/react-icons';
import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import { ButtonLink } from '../navigation/router-link.tsx';
import { platformLabels, statusLabels } from './connection-labels.ts';

const useStyles = makeStyles({
  strip: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', margin: 0, padding: 0, listStyle: 'none' },
  heading: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground2 },
  item: { display: 'inline-flex', gap: '8px', alignItems: 'center' },
});

const statusColor = { connected: 'success', reconnect_needed: 'danger', pending: 'informative', disconnected: 'subtle' } as const;

/** The three marketplace accounts at a glance; each jumps to its card further down. */
export function MarketplaceSummary({ entries }: { entries: PlatformConnection[] }) {
  const styles = useStyles();
  return (
    <nav aria-label="Marketplace accounts" className={styles.strip}>
      <p className={styles.heading}>Marketplaces:</p>
      {entries.map(({ platform, connection }) => (
        <ButtonLink key={platform} to={`#${platform}`} size="small" appearance="subtle">
          <span className={styles.item}>
            {platformLabels[platform]}
            <Badge appearance="tint" size="small" color={connection ? statusColor[connection.status] : 'subtle'}>
              {connection ? statusLabels[connection.status] : 'Not connected'}
            </Badge>
            {connection?.simulator && connection.status !== 'disconnected' ? <BeakerRegular aria-label="Simulator" /> : null}
          </span>
        </ButtonLink>
      ))}
    </nav>
  );
}
