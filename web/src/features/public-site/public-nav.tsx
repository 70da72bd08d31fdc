import {
  Button,
  Menu,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  mergeClasses,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import type { MouseEvent } from 'react';
import { Link as RouterDomLink, useLocation, useNavigate } from 'react-router-dom';
import { publicNavLinks } from './public-nav-links.ts';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 860px)': { display: 'none' },
  },
  link: {
    ...typographyStyles.body1Strong,
    display: 'inline-flex',
    alignItems: 'center',
    height: '32px',
    padding: '0 12px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  current: {
    color: tokens.colorBrandForeground1,
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  /** "Sign in" in the menu only where the header has no room for its own button. */
  menuSignIn: { '@media (min-width: 481px)': { display: 'none' } },
  menu: {
    display: 'none',
    flexShrink: 0,
    '@media (max-width: 860px)': { display: 'inline-flex' },
  },
});

/** The public pages: links in the header on wide screens, one menu button on narrow ones. */
export function PublicNav() {
  const styles = useStyles();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Tradepost">
      <ul className={styles.list}>
        {publicNavLinks.map(({ to, label }) => (
          <li key={to}>
            <RouterDomLink
              to={to}
              className={mergeClasses(styles.link, pathname === to && styles.current)}
              aria-current={pathname === to ? 'page' : undefined}
            >
              {label}
            </RouterDomLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The narrow-screen menu of the public pages; hidden where the links fit in the header. */
export function PublicNavMenu({ withSignIn = false }: { withSignIn?: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const go = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <span className={styles.menu}>
      <Menu positioning={{ position: 'below', align: 'end' }}>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<NavigationRegular />} aria-label="Open site menu" />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {publicNavLinks.map(({ to, label }) => (
              <MenuItemLink key={to} href={to} onClick={go(to)} aria-current={pathname === to ? 'page' : undefined}>
                {label}
              </MenuItemLink>
            ))}
            {withSignIn ? (
              <MenuItemLink href="/login" onClick={go('/login')} className={styles.menuSignIn}>
                Sign in
              </MenuItemLink>
            ) : null}
          </MenuList>
        </MenuPopover>
      </Menu>
    </span>
  );
}
