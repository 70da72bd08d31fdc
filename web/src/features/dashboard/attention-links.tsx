import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ChevronRightRegular, ErrorCircleRegular, VehicleTruckProfileRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '12px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    boxShadow: tokens.shadow2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  urgent: { border: `1px solid ${tokens.colorPaletteRedBorder2}`, backgroundColor: tokens.colorPaletteRedBackground1 },
  icon: { fontSize: '24px', display: 'inline-flex', color: tokens.colorBrandForeground1 },
  urgentIcon: { color: tokens.colorPaletteRedForeground1 },
  count: { ...typographyStyles.title2, fontVariantNumeric: 'tabular-nums', minWidth: '2ch' },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  label: { ...typographyStyles.body1Strong },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  chevron: { color: tokens.colorNeutralForeground3, display: 'inline-flex' },
});

function CountLink({
  to,
  count,
  label,
  hint,
  icon,
  urgent,
}: {
  to: string;
  count: number;
  label: string;
  hint: string;
  icon: ReactNode;
  urgent: boolean;
}) {
  const styles = useStyles();
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a href={href} onClick={onClick} className={mergeClasses(styles.link, urgent && styles.urgent)}>
      <span className={mergeClasses(styles.icon, urgent && styles.urgentIcon)} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.count}>{count}</span>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        <span className={styles.hint}>{hint}</span>
      </span>
      <span className={styles.chevron} aria-hidden="true">
        <ChevronRightRegular />
      </span>
    </a>
  );
}

/** What is waiting on someone: orders to ship and orders that could not be imported. */
export function AttentionLinks({ openFulfillments, failedOrders }: { openFulfillments: number; failedOrders: number }) {
  const styles = useStyles();
  return (
    <nav className={styles.row} aria-label="Waiting for you">
      <CountLink
        to="/fulfillments"
        count={openFulfillments}
        label={openFulfillments === 1 ? 'Open fulfillment' : 'Open fulfillments'}
        hint={openFulfillments === 0 ? 'Nothing to pick or ship' : 'Orders to pick, pack and ship'}
        icon={<VehicleTruckProfileRegular />}
        urgent={false}
      />
      <CountLink
        to="/failed-orders"
        count={failedOrders}
        label={failedOrders === 1 ? 'Failed order' : 'Failed orders'}
        hint={failedOrders === 0 ? 'Every order came through' : 'Orders that need a SKU match or stock'}
        icon={<ErrorCircleRegular />}
        urgent={failedOrders > 0}
      />
    </nav>
  );
}
