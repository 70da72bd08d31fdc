import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './public-badge.module.css';

type PublicBadgeProps = {
  appearance: 'filled' | 'tint';
  color: 'brand' | 'success' | 'informative';
  size?: 'small' | 'medium';
  children: ReactNode;
};

/** Fluent's Badge in plain CSS (the appearances and colours the public pages use). */
export function PublicBadge({ appearance, color, size = 'medium', children }: PublicBadgeProps) {
  return <span className={cx(styles.badge, styles[`${appearance}-${color}`], size === 'small' && styles.small)}>{children}</span>;
}
