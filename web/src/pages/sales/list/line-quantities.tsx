import { Field, Input, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { SaleLine } from '@tradepost/shared/schemas/sales.ts';

/** The layout the sale dialogs share: a column of fields, and a list of lines with a quantity each. */
export const useSaleDialogStyles = makeStyles({
  surface: { maxWidth: 'min(620px, calc(100vw - 24px))' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px' },
  lines: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' },
  line: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 120px', gap: '12px', alignItems: 'start' },
  title: { ...typographyStyles.body1Strong, display: 'block', overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  heading: { ...typographyStyles.subtitle2, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

type LineQuantitiesProps = {
  lines: readonly SaleLine[];
  /** Names the list for screen readers ('Units to cancel per item'). */
  label: string;
  /** The most units of a line the action can take. */
  most: (line: SaleLine) => number;
  /** Says what `most` is ('can be cancelled', 'shipped'). */
  mostLabel: string;
  /** The input's name, before the item ('Units to cancel of'). */
  inputLabel: string;
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (lineId: string, value: string) => void;
};

/** One quantity per sale line, each bounded by what the action can take of it. */
export function LineQuantities({ lines, label, most, mostLabel, inputLabel, values, errors, onChange }: LineQuantitiesProps) {
  const styles = useSaleDialogStyles();
  return (
    <ul className={styles.lines} aria-label={label}>
      {lines.map((line) => (
        <li key={line.id} className={styles.line}>
          <span>
            <span className={styles.title}>{line.title}</span>
            <span className={styles.meta}>
              Size {line.size} · {line.sku} · {most(line)} {mostLabel}
            </span>
          </span>
          <Field validationMessage={errors[line.id]}>
            <Input
              type="number"
              min={0}
              max={most(line)}
              aria-label={`${inputLabel} ${line.title} size ${line.size}`}
              value={values[line.id] ?? ''}
              onChange={(_, d) => onChange(line.id, d.value)}
            />
          </Field>
        </li>
      ))}
    </ul>
  );
}
