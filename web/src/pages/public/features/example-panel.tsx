import type { ReactNode } from 'react';
import styles from './example-panel.module.css';

type ExamplePanelProps = { label: string; icon: ReactNode; title: string; caption: string; children: ReactNode };

/** A small drawn example beside a feature: made-up data, always captioned as an example. */
export function ExamplePanel({ label, icon, title, caption, children }: ExamplePanelProps) {
  return (
    <figure className={styles.figure} aria-label={label}>
      <div className={styles.card}>
        <div className={styles.bar}>
          <span className={styles.barIcon} aria-hidden="true">
            {icon}
          </span>
          {title}
        </div>
        <div className={styles.body}>{children}</div>
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
