import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ChevronRightRegular, PeopleTeamRegular, PersonRegular, RocketRegular, SettingsRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { useCan } from '../../../features/session/use-can.ts';
import { useDashboardCardStyles } from './dashboard-card-styles.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '10px 12px',
    marginInline: '-12px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  rowIcon: { fontSize: '20px', display: 'inline-flex', color: tokens.colorBrandForeground1, flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  label: { ...typographyStyles.body1Strong },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  chevron: { display: 'inline-flex', color: tokens.colorNeutralForeground3, flexShrink: 0 },
});

function SetupLink({ to, icon, label, hint }: { to: string; icon: ReactNode; label: string; hint: string }) {
  const styles = useStyles();
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <li>
      <a href={href} onClick={onClick} className={styles.row}>
        <span className={styles.rowIcon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.text}>
          <span className={styles.label}>{label}</span>
          <span className={styles.hint}>{hint}</span>
        </span>
        <span className={styles.chevron} aria-hidden="true">
          <ChevronRightRegular />
        </span>
      </a>
    </li>
  );
}

/** The screens that are ready today, for setting the account up; Users only with team:manage, the owner's (spec §6). */
export function SetupCard() {
  const card = useDashboardCardStyles();
  const styles = useStyles();
  const can = useCan();
  return (
    <section className={card.card} aria-labelledby="setup-title">
      <div className={card.head}>
        <span className={card.icon} aria-hidden="true">
          <RocketRegular />
        </span>
        <h2 id="setup-title" className={card.title}>
          Set up your account
        </h2>
      </div>
      <ul className={styles.list}>
        <SetupLink to="/settings" icon={<SettingsRegular />} label="Settings" hint="Business details, theme and display" />
        {can('team:manage') ? (
          <SetupLink to="/users" icon={<PeopleTeamRegular />} label="Users" hint="Invite your staff and set their roles" />
        ) : null}
        <SetupLink to="/profile" icon={<PersonRegular />} label="Your profile" hint="Name, time zone and password" />
      </ul>
    </section>
  );
}
