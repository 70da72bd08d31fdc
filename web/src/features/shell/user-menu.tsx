import {
  Avatar,
  Button,
  Divider,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tooltip,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ChevronUpDownRegular, PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import { type MouseEvent, useState } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { DensitySlider, TextSizeSlider } from '../preferences/scale-sliders.tsx';
import { useSignOut } from '../session/use-sign-out.ts';
import { useSidebarItemStyles } from './sidebar-styles.ts';

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
  head: { display: 'flex', alignItems: 'center', gap: '12px', minWidth: 0 },
  headText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  title: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  email: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  sliders: { display: 'flex', flexDirection: 'column', gap: '8px' },
  action: { justifyContent: 'flex-start', width: '100%' },
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
  const signOut = useSignOut();
  const name = displayName(user);
  const profileHref = useHref('/profile');
  const goToProfile = useLinkClickHandler<HTMLAnchorElement>('/profile');

  const onProfile = (event: MouseEvent<HTMLAnchorElement>) => {
    goToProfile(event);
    if (event.defaultPrevented) setOpen(false);
  };

  const avatar = <Avatar name={name} size={32} color="brand" aria-hidden="true" />;
  const trigger = (
    <button type="button" aria-haspopup="dialog" className={mergeClasses(item.item, styles.trigger, collapsed && item.iconOnly)}>
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

  return (
    <Popover
      open={open}
      onOpenChange={(_event, data) => setOpen(data.open)}
      positioning={collapsed ? { position: 'after', align: 'bottom', offset: 10 } : { position: 'above', align: 'start', offset: 8 }}
      trapFocus
    >
      <PopoverTrigger disableButtonEnhancement>
        {collapsed ? (
          <Tooltip content={`${name}: account and display`} relationship="label" positioning="after" visible={open ? false : undefined}>
            {trigger}
          </Tooltip>
        ) : (
          trigger
        )}
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-labelledby="user-menu-title">
        <div className={styles.head}>
          <Avatar name={name} size={40} color="brand" aria-hidden="true" />
          <div className={styles.headText}>
            <p id="user-menu-title" className={styles.title}>
              {name}
            </p>
            <p className={styles.email}>{user.email}</p>
          </div>
        </div>
        <Button as="a" href={profileHref} onClick={onProfile} appearance="subtle" icon={<PersonRegular />} className={styles.action}>
          View Profile
        </Button>
        <Divider />
        <div className={styles.sliders}>
          <TextSizeSlider />
          <DensitySlider />
        </div>
        <Divider />
        <Button appearance="subtle" className={styles.action} icon={<SignOutRegular />} onClick={signOut}>
          Sign Out
        </Button>
      </PopoverSurface>
    </Popover>
  );
}
