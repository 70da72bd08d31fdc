import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { useCurrentUser } from '../session/use-current-user.ts';
import { type AccessUser, canOpenPath } from '../shell/access.ts';

/**
 * The sales and fulfillment screens, by their routes (spec §2) and their page titles. The sidebar
 * keeps the spec's entries; this row makes the ones it does not list (cancelled sales, failed
 * orders, pick rules) one click away from the screens where they are needed.
 */
export const SALES_SCREENS = [
  { to: '/sales', label: 'All Sales' },
  { to: '/cancelled-sales', label: 'Cancelled Sales' },
  { to: '/failed-orders', label: 'Failed Orders' },
  { to: '/fulfillments', label: 'Fulfillments' },
  { to: '/pick-rules', label: 'Pick Rules' },
] as const;

export type SalesScreen = (typeof SALES_SCREENS)[number]['to'];
export type SalesShortcut = { to: SalesScreen; label: string; current: boolean };

/** The screens this user's role may open, the one on show marked; none when that leaves only one. */
export function salesShortcuts(user: AccessUser | undefined, current: string): SalesShortcut[] {
  if (user === undefined) return [];
  const open = SALES_SCREENS.filter((screen) => canOpenPath(user, screen.to)).map((screen) => ({
    ...screen,
    current: screen.to === current,
  }));
  return open.length > 1 ? open : [];
}

const useStyles = makeStyles({
  nav: { marginTop: '-8px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '8px' },
  link: {
    ...typographyStyles.body1,
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '32px',
    padding: '0 12px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  current: {
    ...typographyStyles.body1Strong,
    border: `1px solid ${tokens.colorBrandStroke1}`,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
});

function ShortcutLink({ shortcut }: { shortcut: SalesShortcut }) {
  const styles = useStyles();
  const href = useHref(shortcut.to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(shortcut.to);
  return (
    <li>
      <a
        href={href}
        onClick={onClick}
        aria-current={shortcut.current ? 'page' : undefined}
        className={mergeClasses(styles.link, shortcut.current && styles.current)}
      >
        {shortcut.label}
      </a>
    </li>
  );
}

/** One row of links between the sales and fulfillment screens, under the page heading. */
export function SalesShortcutsView({ shortcuts }: { shortcuts: SalesShortcut[] }) {
  const styles = useStyles();
  if (shortcuts.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label="Sales and fulfillment screens">
      <ul className={styles.list}>
        {shortcuts.map((shortcut) => (
          <ShortcutLink key={shortcut.to} shortcut={shortcut} />
        ))}
      </ul>
    </nav>
  );
}

/** The row for the signed-in user, with `current` (the screen's route) marked. */
export function SalesShortcuts({ current }: { current: string }) {
  const { data: user } = useCurrentUser();
  return <SalesShortcutsView shortcuts={salesShortcuts(user, current)} />;
}
