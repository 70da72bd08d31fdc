import type { JSX } from 'react';
import { cx } from './cx.ts';
import styles from './public-icon.module.css';

/** `aria-hidden` is accepted for call sites written for Fluent's icons; the icon is always hidden. */
export type PublicIcon = (props: { className?: string; 'aria-hidden'?: boolean | 'true' }) => JSX.Element;

/**
 * A Fluent system icon drawn from its path data (20 × 20 grid, 1em square, currentColor), so the
 * public pages show the same icons without loading @fluentui/react-icons. Always decorative.
 */
export function icon(path: string, flipInRtl = false): PublicIcon {
  // biome-ignore lint/correctness/noComponentHookFactories: run once per icon when its module loads (like Fluent's createFluentIcon), never during a render.
  return function Icon({ className }) {
    return (
      <svg
        className={cx(styles.icon, flipInRtl && styles.flipInRtl, className)}
        width="1em"
        height="1em"
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <path d={path} />
      </svg>
    );
  };
}
