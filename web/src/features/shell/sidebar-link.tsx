import { mergeClasses } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { navIcons } from './nav-icons.tsx';
import type { NavLink } from './navigation.ts';
import { useSidebarItemStyles } from './sidebar-styles.ts';
import { SidebarTooltip } from './sidebar-tooltip.tsx';

type SidebarLinkProps = {
  item: NavLink;
  current: boolean;
  /** Icon only, with the label as tooltip and accessible name. */
  collapsed?: boolean;
  /** A link inside a group: indented, no icon. */
  nested?: boolean;
  /** A link in the floating panel of a collapsed group. */
  inPanel?: boolean;
  /** Called after a click that navigates (closes the overlay or the floating panel). */
  onNavigate?: () => void;
};

/** A sidebar row that is a real link: it has an href, so it opens in a new tab and reads as a link. */
export function SidebarLink({ item, current, collapsed = false, nested = false, inPanel = false, onNavigate }: SidebarLinkProps) {
  const styles = useSidebarItemStyles();
  const href = useHref(item.to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(item.to);
  const Icon = item.icon === undefined ? null : navIcons[item.icon];

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    navigate(event);
    // Only when the router took the click (not a ctrl-click that opens a new tab).
    if (event.defaultPrevented) onNavigate?.();
  };

  const anchor = (
    <a
      href={href}
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
      className={mergeClasses(
        styles.item,
        nested && styles.sub,
        inPanel && styles.panelRow,
        collapsed && styles.iconOnly,
        current && styles.current,
      )}
    >
      {Icon === null ? null : (
        <span className={styles.icon} aria-hidden="true">
          <Icon filled={current} />
        </span>
      )}
      {collapsed ? null : <span className={styles.label}>{item.label}</span>}
    </a>
  );

  if (!collapsed) return anchor;
  return (
    <SidebarTooltip content={item.label} relationship="label">
      {anchor}
    </SidebarTooltip>
  );
}
