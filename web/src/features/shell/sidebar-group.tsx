import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { type ButtonHTMLAttributes, useRef, useState } from 'react';
import { deferred } from './deferred.tsx';
import { navIcons } from './nav-icons.tsx';
import { groupContainsActive, isGroupOpen, isLinkActive, type NavGroup } from './navigation.ts';
import { sidebarGroupsAtom } from './sidebar-groups-atom.ts';
import { SidebarLink } from './sidebar-link.tsx';
import { FLOATING_PANEL_MAX_HEIGHT, FLOATING_PANEL_WIDTH, useSidebarItemStyles } from './sidebar-styles.ts';
import { SidebarTooltip } from './sidebar-tooltip.tsx';

// The collapsed sidebar's floating panels are not part of the first screen (issue #16): the popover
// loads once a collapsed group has mounted, and until then the plain icon button stands in.
const SidebarPopover = deferred(() => import('./sidebar-popover.tsx').then((module) => module.SidebarPopover));

const useStyles = makeStyles({
  sublist: { marginTop: '2px' },
  hidden: { display: 'none' },
  panel: {
    width: `${FLOATING_PANEL_WIDTH}px`,
    maxHeight: `${FLOATING_PANEL_MAX_HEIGHT}px`,
    overflowY: 'auto',
    padding: '8px',
    borderRadius: tokens.borderRadiusLarge,
  },
  panelTitle: {
    ...typographyStyles.caption1Strong,
    margin: 0,
    padding: '6px 12px 8px',
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  // Covers the page (the sidebar's stacking context sits above the content) but stays under Fluent's
  // portal, where the panel is drawn.
  backdrop: {
    position: 'fixed',
    inset: 0,
    zIndex: 2,
    backgroundColor: tokens.colorBackgroundOverlay,
  },
});

type SidebarGroupProps = {
  group: NavGroup;
  activePath: string | null;
  collapsed: boolean;
  onNavigate?: () => void;
  className?: string | undefined;
};

/**
 * A sidebar group (spec §2, §4). Open sidebar: a button with aria-expanded that shows or hides its
 * links, remembered per group. Collapsed sidebar: the icon opens a floating panel of the group's
 * links (200 px wide, at most 400 px tall) over a backdrop; Escape or a click outside closes it.
 */
export function SidebarGroup({ group, activePath, collapsed, onNavigate, className }: SidebarGroupProps) {
  const styles = useStyles();
  const item = useSidebarItemStyles();
  const [stored, setStored] = useAtom(sidebarGroupsAtom);
  const [panelOpen, setPanelOpen] = useState(false);
  const Icon = navIcons[group.icon];
  const holdsCurrent = groupContainsActive(group, activePath);
  const listId = `sidebar-group-${group.id}`;
  const titleId = `sidebar-panel-title-${group.id}`;

  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerFocused = useRef(false);

  if (collapsed) {
    const closePanel = () => {
      setPanelOpen(false);
      onNavigate?.();
    };
    const trigger = (standIn?: ButtonHTMLAttributes<HTMLButtonElement>) => (
      <SidebarTooltip content={group.label} relationship="label" visible={panelOpen ? false : undefined}>
        <button
          ref={triggerRef}
          type="button"
          aria-haspopup="dialog"
          className={mergeClasses(item.item, item.iconOnly, holdsCurrent && item.current)}
          {...standIn}
        >
          <span className={item.icon} aria-hidden="true">
            <Icon filled={holdsCurrent} />
          </span>
        </button>
      </SidebarTooltip>
    );
    const standIn = trigger({
      'aria-expanded': panelOpen,
      onClick: () => setPanelOpen(true),
      onFocus: () => {
        triggerFocused.current = true;
      },
      onBlur: () => {
        triggerFocused.current = false;
      },
    });
    return (
      <li className={className}>
        <SidebarPopover
          open={panelOpen}
          onOpenChange={setPanelOpen}
          positioning={{ position: 'after', align: 'top', offset: 10 }}
          trigger={trigger()}
          triggerRef={triggerRef}
          triggerFocused={triggerFocused}
          surfaceClassName={styles.panel}
          labelledBy={titleId}
          fallback={standIn}
        >
          <p id={titleId} className={styles.panelTitle}>
            {group.label}
          </p>
          <ul className={item.list}>
            {group.items.map((link) => (
              <li key={link.id}>
                <SidebarLink item={link} current={isLinkActive(link, activePath)} inPanel onNavigate={closePanel} />
              </li>
            ))}
          </ul>
        </SidebarPopover>
        {panelOpen ? <div className={styles.backdrop} aria-hidden="true" onClick={() => setPanelOpen(false)} /> : null}
      </li>
    );
  }

  const open = isGroupOpen(group, stored, activePath);
  return (
    <li className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        className={mergeClasses(item.item, !open && holdsCurrent && item.holdsCurrent)}
        onClick={() => setStored((previous) => ({ ...previous, [group.id]: !open }))}
      >
        <span className={item.icon} aria-hidden="true">
          <Icon filled={!open && holdsCurrent} />
        </span>
        <span className={item.label}>{group.label}</span>
        <span className={mergeClasses(item.chevron, open && item.chevronOpen)} aria-hidden="true">
          <ChevronDownRegular />
        </span>
      </button>
      <ul id={listId} className={mergeClasses(item.list, styles.sublist, !open && styles.hidden)}>
        {group.items.map((link) => (
          <li key={link.id}>
            <SidebarLink item={link} current={isLinkActive(link, activePath)} nested onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}
