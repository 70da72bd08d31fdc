import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ChevronUpDownRegular } from '@fluentui/react-icons';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import { type ButtonHTMLAttributes, type ReactElement, useEffect, useRef, useState } from 'react';
import { deferred } from './deferred.tsx';
import { InitialsAvatar } from './initials-avatar.tsx';
import { useSidebarItemStyles } from './sidebar-styles.ts';
import { SidebarTooltip } from './sidebar-tooltip.tsx';

// Neither the popover (with its focus trap) nor the open menu's content (the sliders chiefly) is part
// of the first screen (issue #16): both are fetched once the menu has mounted, so they are here
// before it is first opened. Until then the plain button stands in and a press opens the menu on arrival.
const SidebarPopover = deferred(() => import('./sidebar-popover.tsx').then((module) => module.SidebarPopover));
const UserMenuPanel = deferred(() => import('./user-menu-panel.tsx').then((module) => module.UserMenuPanel));

const useStyles = makeStyles({
  trigger: { minHeight: '48px', gap: '10px' },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1, lineHeight: 1.2 },
  name: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  business: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  surface: {
    width: '288px',
    maxWidth: 'calc(100vw - 16px)',
    padding: '16px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    borderRadius: tokens.borderRadiusLarge,
  },
});

type UserMenuProps = { user: User; collapsed: boolean };

/**
 * The user menu at the foot of the sidebar (spec §2): the user's name, View Profile, the text-size and
 * density sliders, and Sign Out. It is a small dialog rather than a menu because it holds sliders.
 */
export function UserMenu({ user, collapsed }: UserMenuProps) {
  const styles = useStyles();
  const item = useSidebarItemStyles();
  const [open, setOpen] = useState(false);
  const name = displayName(user);

  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerFocused = useRef(false);

  useEffect(() => {
    void UserMenuPanel.preload();
  }, []);

  const avatar = <InitialsAvatar name={name} size={32} />;
  const button = (standIn?: ButtonHTMLAttributes<HTMLButtonElement>) => (
    <button
      ref={triggerRef}
      type="button"
      aria-haspopup="dialog"
      className={mergeClasses(item.item, styles.trigger, collapsed && item.iconOnly)}
      {...standIn}
    >
      {avatar}
      {collapsed ? null : (
        <>
          <span className={styles.who}>
            <span className={styles.name}>{name}</span>
            <span className={styles.business}>{user.business.business_name}</span>
          </span>
          <span className={item.chevron} aria-hidden="true">
            <ChevronUpDownRegular />
          </span>
        </>
      )}
    </button>
  );
  const withTooltip = (trigger: ReactElement) =>
    collapsed ? (
      <SidebarTooltip content={`${name}: account and display`} relationship="label" visible={open ? false : undefined}>
        {trigger}
      </SidebarTooltip>
    ) : (
      trigger
    );
  const standIn = withTooltip(
    button({
      'aria-expanded': open,
      onClick: () => setOpen(true),
      onFocus: () => {
        triggerFocused.current = true;
      },
      onBlur: () => {
        triggerFocused.current = false;
      },
    }),
  );

  return (
    <SidebarPopover
      open={open}
      onOpenChange={setOpen}
      positioning={collapsed ? { position: 'after', align: 'bottom', offset: 10 } : { position: 'above', align: 'start', offset: 8 }}
      trigger={withTooltip(button())}
      triggerRef={triggerRef}
      triggerFocused={triggerFocused}
      surfaceClassName={styles.surface}
      labelledBy="user-menu-title"
      fallback={standIn}
    >
      <UserMenuPanel user={user} name={name} onClose={() => setOpen(false)} />
    </SidebarPopover>
  );
}
