import { Button, type ButtonProps, Link } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type RouterLinkProps = { to: string; children: ReactNode; className?: string };

/** A Fluent text link that navigates inside the app (a real href, so middle-click and copy still work). */
export function RouterLink({ to, children, className }: RouterLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link as="a" href={href} onClick={onClick} className={className}>
      {children}
    </Link>
  );
}

type ButtonLinkProps = Pick<ButtonProps, 'appearance' | 'size' | 'icon' | 'iconPosition' | 'shape'> & {
  to: string;
  children: ReactNode;
  className?: string;
};

/** A link that looks like a Fluent button (role "link": it goes somewhere, it does not act). */
export function ButtonLink({ to, children, ...rest }: ButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button {...rest} as="a" href={href} onClick={onClick}>
      {children}
    </Button>
  );
}
