import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(96px, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
  },
  figure: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  label: { color: tokens.colorNeutralForeground3, margin: 0 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  hint: { color: tokens.colorNeutralForeground3 },
});

export type Figure = { label: string; value: ReactNode; hint?: ReactNode };

/** Key numbers side by side (label above value), wrapping on narrow panels. */
export function Figures({ items, label }: { items: Figure[]; label: string }) {
  const styles = useStyles();
  return (
    <dl className={styles.list} aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className={styles.figure}>
          <dt className={styles.label}>
            <Text size={200}>{item.label}</Text>
          </dt>
          <dd className={styles.value}>
            <Text size={400} weight="semibold">
              {item.value}
            </Text>
            {item.hint !== undefined && (
              <Text as="span" size={100} block className={styles.hint}>
                {item.hint}
              </Text>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
