import { Badge, type BadgeProps, makeStyles } from '@fluentui/react-components';
import type { summaryChips } from './import-rows.ts';

const useStyles = makeStyles({ chips: { display: 'flex', flexWrap: 'wrap', gap: '6px', margin: 0, padding: 0, listStyle: 'none' } });

const colours: Record<ReturnType<typeof summaryChips>[number]['tone'], BadgeProps['color']> = {
  brand: 'brand',
  danger: 'danger',
  success: 'success',
  informative: 'informative',
};

/** The preview's counts at a glance: rows, bad rows, what the commit creates. */
export function SummaryChips({ chips }: { chips: ReturnType<typeof summaryChips> }) {
  const styles = useStyles();
  return (
    <ul className={styles.chips} aria-label="Import summary">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Badge appearance="tint" shape="rounded" size="large" color={colours[chip.tone]}>
            {chip.text}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
