import { Button, Divider, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { DensitySlider, TextSizeSlider } from '../preferences/scale-sliders.tsx';
import { useSignOut } from '../session/use-sign-out.ts';
import { InitialsAvatar } from './initials-avatar.tsx';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '12px', minWidth: 0 },
  headText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  title: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  email: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  sliders: { display: 'flex', flexDirection: 'column', gap: '8px' },
  action: { justifyContent: 'flex-start', width: '100%' },
});

type UserMenuPanelProps = { user: User; name: string; onClose: () => void };

/**
 * What the open user menu holds (spec §2): the user, View Profile, the text-size and density sliders,
 * and Sign Out. A module of its own, loaded after the first paint (issue #16): the sliders are not
 * part of the first screen.
 */
export function UserMenuPanel({ user, name, onClose }: UserMenuPanelProps) {
  const styles = useStyles();
  const signOut = useSignOut();
  const profileHref = useHref('/profile');
  const goToProfile = useLinkClickHandler<HTMLAnchorElement>('/profile');

  const onProfile = (event: MouseEvent<HTMLAnchorElement>) => {
    goToProfile(event);
    if (event.defaultPrevented) onClose();
  };

  return (
    <>
      <div className={styles.head}>
        <InitialsAvatar name={name} size={40} />
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
    </>
  );
}
