import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useHref, useLinkClickHandler, useLocation } from 'react-router-dom';
import { BrandMark } from '../public-site/brand-mark.tsx';
import { homeFor } from './access.ts';
import { navIcons } from './nav-icons.tsx';
import { activeLinkPath, isLinkActive, type NavAction, type NavEntry, navigationFor } from './navigation.ts';
import { SidebarGroup } from './sidebar-group.tsx';
import { SidebarLink } from './sidebar-link.tsx';
import { useSidebarItemStyles } from './sidebar-styles.ts';
import { SidebarTooltip } from './sidebar-tooltip.tsx';
import { UserMenu } from './user-menu.tsx';

const useStyles = makeStyles({
  // Stretches in both hosts: the sticky aside, and the drawer (which aligns its children to the start).
  root: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, width: '100%', alignSelf: 'stretch', flexGrow: 1 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    minHeight: '56px',
    padding: '10px 12px',
    flexShrink: 0,
  },
  headerCollapsed: { justifyContent: 'center', paddingInline: 0 },
  home: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '10px',
    flexGrow: 1,
    minWidth: 0,
    padding: '4px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '-0.01em',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '0' },
  },
  homeCollapsed: { flexGrow: 0 },
  nav: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    overflowX: 'hidden',
    padding: '4px 10px 12px',
    scrollbarWidth: 'thin',
  },
  navCollapsed: { paddingInline: '10px' },
  sectionStart: {
    marginTop: '10px',
    paddingTop: '10px',
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  footer: {
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '8px 10px 10px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

type Section = 'top' | 'groups' | 'single';

/** Top items, then the groups, then the single items: each section starts with a rule. */
function sectionsOf(entries: readonly NavEntry[]): Section[] {
  let seenGroup = false;
  return entries.map((entry) => {
    if (entry.kind === 'group') {
      seenGroup = true;
      return 'groups';
    }
    return seenGroup ? 'single' : 'top';
  });
}

function ActionRow({ action, collapsed, onClick }: { action: NavAction; collapsed: boolean; onClick: () => void }) {
  const item = useSidebarItemStyles();
  const Icon = navIcons[action.icon];
  const button = (
    <button type="button" aria-haspopup="dialog" className={mergeClasses(item.item, collapsed && item.iconOnly)} onClick={onClick}>
      <span className={item.icon} aria-hidden="true">
        <Icon />
      </span>
      {collapsed ? null : <span className={item.label}>{action.label}</span>}
    </button>
  );
  return collapsed ? (
    <SidebarTooltip content={action.label} relationship="label">
      {button}
    </SidebarTooltip>
  ) : (
    button
  );
}

/** The brand leads home: the dashboard, or the fulfillment role's Fulfillments (its dashboard would only redirect). */
function HomeLink({ to, collapsed, onNavigate }: { to: string; collapsed: boolean; onNavigate?: () => void }) {
  const styles = useStyles();
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a
      href={href}
      onClick={(event) => {
        navigate(event);
        if (event.defaultPrevented) onNavigate?.();
      }}
      aria-label={to === '/dashboard' ? 'Tradepost dashboard' : 'Tradepost home'}
      className={mergeClasses(styles.home, collapsed && styles.homeCollapsed)}
    >
      <BrandMark />
      {collapsed ? null : <span aria-hidden="true">Tradepost</span>}
    </a>
  );
}

type SidebarProps = {
  user: User;
  /** Icons only (desktop, collapsed). */
  collapsed: boolean;
  /** Shown as an overlay on a narrow screen: a close button instead of the collapse toggle. */
  overlay: boolean;
  onToggleCollapsed: () => void;
  onClose: () => void;
  onReportBug: () => void;
  /** After a link click: the overlay closes. */
  onNavigate?: () => void;
};

/** The sidebar's content (spec §2): home, the navigation of navigation.ts for this user, the collapse toggle and the user menu. */
export function Sidebar({ user, collapsed, overlay, onToggleCollapsed, onClose, onReportBug, onNavigate }: SidebarProps) {
  const styles = useStyles();
  const item = useSidebarItemStyles();
  const { pathname } = useLocation();
  const entries = navigationFor(user);
  const activePath = activeLinkPath(pathname, entries);
  const sections = sectionsOf(entries);

  // The collapsed sidebar's tooltips are not drawn at first paint: their code follows it, so a
  // collapse draws them at once.
  useEffect(() => {
    void SidebarTooltip.preload();
  }, []);

  // The toggle is a new element on each side (collapsed, it sits inside its tooltip), so the focus
  // of a keyboard user who pressed it would fall to the page: it is put back on the new one.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const refocusToggle = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the toggle was replaced
  useLayoutEffect(() => {
    if (refocusToggle.current) toggleRef.current?.focus();
    refocusToggle.current = false;
  }, [collapsed]);

  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const toggle = (
    <button
      ref={toggleRef}
      type="button"
      className={mergeClasses(item.item, collapsed && item.iconOnly)}
      onClick={(event) => {
        refocusToggle.current = event.currentTarget === event.currentTarget.ownerDocument.activeElement;
        onToggleCollapsed();
      }}
      aria-label={collapsed ? toggleLabel : undefined}
    >
      <span className={item.icon} aria-hidden="true">
        {collapsed ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
      </span>
      {collapsed ? null : <span className={item.label}>{toggleLabel}</span>}
    </button>
  );

  return (
    <div className={styles.root}>
      <div className={mergeClasses(styles.header, collapsed && styles.headerCollapsed)}>
        <HomeLink to={homeFor(user)} collapsed={collapsed} onNavigate={onNavigate} />
        {overlay ? <Button appearance="subtle" icon={<DismissRegular />} aria-label="Close navigation" onClick={onClose} /> : null}
      </div>
      <nav aria-label="Main" className={mergeClasses(styles.nav, collapsed && styles.navCollapsed)}>
        <ul className={item.list}>
          {entries.map((entry, index) => {
            const startsSection = index > 0 && sections[index] !== sections[index - 1];
            const sectionClass = startsSection ? styles.sectionStart : undefined;
            if (entry.kind === 'group') {
              return (
                <SidebarGroup
                  key={entry.id}
                  group={entry}
                  activePath={activePath}
                  collapsed={collapsed}
                  onNavigate={onNavigate}
                  className={sectionClass}
                />
              );
            }
            return (
              <li key={entry.id} className={sectionClass}>
                {entry.kind === 'link' ? (
                  <SidebarLink item={entry} current={isLinkActive(entry, activePath)} collapsed={collapsed} onNavigate={onNavigate} />
                ) : (
                  <ActionRow action={entry} collapsed={collapsed} onClick={onReportBug} />
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={styles.footer}>
        {overlay ? null : collapsed ? (
          <SidebarTooltip content={toggleLabel} relationship="description">
            {toggle}
          </SidebarTooltip>
        ) : (
          toggle
        )}
        <UserMenu user={user} collapsed={collapsed} />
      </div>
    </div>
  );
}
