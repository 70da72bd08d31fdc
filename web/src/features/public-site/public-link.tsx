import type { MouseEvent, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './public-link.module.css';
import { usePublicSite } from './public-site-context.ts';

/** A plain left click navigates in the page; a modified or middle click keeps the browser's own behaviour (new tab…). */
function useNavigateOnClick(to: string): (event: MouseEvent<HTMLAnchorElement>) => void {
  const { navigate } = usePublicSite();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
}

type PublicLinkProps = { to: string; children: ReactNode; className?: string };

type PublicLinkOptions = PublicLinkProps & {
  /** No link look of its own (the logo, the header's page links). */
  unstyled?: boolean;
  'aria-label'?: string;
  'aria-current'?: 'page';
};

/** A text link to a path of the app, drawn like Fluent's Link (a real href, so middle-click and copy still work). */
export function PublicLink({ to, children, className, unstyled = false, ...aria }: PublicLinkOptions) {
  return (
    <a href={to} onClick={useNavigateOnClick(to)} className={cx(!unstyled && styles.link, className)} {...aria}>
      {children}
    </a>
  );
}

export type ButtonAppearance = 'primary' | 'secondary' | 'subtle';

type PublicButtonLinkProps = PublicLinkProps & {
  appearance?: ButtonAppearance;
  size?: 'medium' | 'large';
  icon?: ReactNode;
  iconPosition?: 'before' | 'after';
};

/** A link drawn like a Fluent button (role "link": it goes somewhere, it does not act). */
export function PublicButtonLink({
  to,
  children,
  className,
  appearance = 'secondary',
  size = 'medium',
  icon,
  iconPosition = 'before',
}: PublicButtonLinkProps) {
  const iconNode = icon === undefined ? null : <span className={styles.buttonIcon}>{icon}</span>;
  return (
    <a
      href={to}
      onClick={useNavigateOnClick(to)}
      className={cx(styles.button, styles[appearance], size === 'large' && styles.large, className)}
    >
      {iconPosition === 'before' ? iconNode : null}
      {children}
      {iconPosition === 'after' ? iconNode : null}
    </a>
  );
}
