import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cx } from './cx.ts';
import { NavigationRegular } from './public-icons.ts';
import buttons from './public-link.module.css';
import { PublicLink } from './public-link.tsx';
import styles from './public-nav.module.css';
import { publicNavLinks } from './public-nav-links.ts';
import { usePublicSite } from './public-site-context.ts';

/** The public pages: links in the header on wide screens, one menu button on narrow ones. */
export function PublicNav() {
  const { pathname } = usePublicSite();
  return (
    <nav aria-label="Tradepost">
      <ul className={styles.list}>
        {publicNavLinks.map(({ to, label }) => (
          <li key={to}>
            <PublicLink
              to={to}
              unstyled
              className={cx(styles.link, pathname === to && styles.current)}
              aria-current={pathname === to ? 'page' : undefined}
            >
              {label}
            </PublicLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The menu items a keyboard can reach now (the "Sign in" item is hidden where the header shows its own). */
function shownItems(list: HTMLElement | null): HTMLElement[] {
  if (list === null) return [];
  return [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((item) => item.getClientRects().length > 0);
}

/**
 * The narrow-screen menu of the public pages; hidden where the links fit in the header. A menu button
 * as Fluent's Menu draws it: arrow keys move between the items, Escape closes and returns to the button,
 * a click elsewhere closes.
 */
export function PublicNavMenu({ withSignIn = false }: { withSignIn?: boolean }) {
  const { pathname, navigate } = usePublicSite();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    shownItems(list.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!(event.target instanceof Node && wrap.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = shownItems(list.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  const item = (to: string, label: string, className?: string) => (
    <a
      key={to}
      role="menuitem"
      tabIndex={-1}
      href={to}
      className={cx(styles.menuItem, className)}
      aria-current={pathname === to ? 'page' : undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        setOpen(false);
        navigate(to);
      }}
    >
      {label}
    </a>
  );

  return (
    <span ref={wrap} className={styles.menu}>
      <button
        ref={button}
        type="button"
        className={cx(buttons.button, buttons.subtle, buttons.iconOnly)}
        aria-label="Open site menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((now) => !now)}
      >
        <span className={buttons.buttonIcon}>
          <NavigationRegular />
        </span>
      </button>
      {open ? (
        <div ref={list} id={menuId} role="menu" className={styles.menuList} onKeyDown={onKeyDown}>
          {publicNavLinks.map(({ to, label }) => item(to, label))}
          {withSignIn ? item('/login', 'Sign in', styles.menuSignIn) : null}
        </div>
      ) : null}
    </span>
  );
}
