import { Button, Field, Input, makeStyles, mergeClasses, Select, Tooltip, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import type { SizeFormat } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import type { SizeRow } from '../../../features/sizes/size-run-editor.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  row: {
    display: 'grid',
    gridTemplateColumns: '20px 28px minmax(0, 1.2fr) minmax(0, 1fr) auto',
    alignItems: 'start',
    gap: '8px',
    padding: '6px 8px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: tokens.colorNeutralBackground1,
    '@media (max-width: 600px)': { gridTemplateColumns: '20px 28px minmax(0, 1fr) auto' },
  },
  noConversion: { gridTemplateColumns: '20px 28px minmax(0, 1fr) auto' },
  dragOver: { border: `1px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  handle: { cursor: 'grab', color: tokens.colorNeutralForeground3, paddingTop: '8px', fontSize: '16px' },
  index: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground3,
    paddingTop: '8px',
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
  },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  conversion: { '@media (max-width: 600px)': { gridColumn: '3 / 4' } },
  buttons: { display: 'flex', gap: '2px', '@media (max-width: 600px)': { gridRow: '1 / 3', gridColumn: '4', flexDirection: 'column' } },
  input: { width: '100%', minWidth: 0 },
  none: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

export type RowErrors = { value?: string; convertsTo?: string };

type SizeRunRowsProps = {
  rows: readonly SizeRow[];
  /** The built-in run sizes convert into; null hides the conversion column. */
  conversion: SizeFormat | null;
  errors: Readonly<Record<string, RowErrors>>;
  onChange: (index: number, change: Partial<SizeRow>) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

/**
 * The run, in order. Reorder by dragging the handle, with the arrow buttons, or with Alt+↑/↓ in a
 * size's box (the keyboard way); the focus stays on the moved size.
 */
export function SizeRunRows({ rows, conversion, errors, onChange, onMove, onRemove }: SizeRunRowsProps) {
  const styles = useStyles();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  if (rows.length === 0) return <p className={styles.none}>No sizes yet. Type a size above and press Enter, or paste a list.</p>;

  const focusRow = (index: number) =>
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-size-row="${index}"]`)?.focus());

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to < 0 || to >= rows.length) return;
    onMove(index, to);
    focusRow(to);
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragFrom !== null && dragFrom !== index) onMove(dragFrom, index);
    setDragFrom(null);
    setDragOver(null);
  };

  return (
    <ol className={styles.list} aria-label="Sizes in run order">
      {rows.map((row, index) => {
        const error = errors[row.key] ?? {};
        const name = row.value.trim() === '' ? `size ${index + 1}` : row.value;
        return (
          <li
            key={row.key}
            className={mergeClasses(styles.row, conversion === null && styles.noConversion, dragOver === index && styles.dragOver)}
            onDragOver={(event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              setDragOver(index);
            }}
            onDragLeave={() => setDragOver((current) => (current === index ? null : current))}
            onDrop={(event) => onDrop(event, index)}
          >
            <span
              className={styles.handle}
              draggable
              aria-hidden="true"
              title="Drag to reorder"
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', row.value);
                setDragFrom(index);
              }}
              onDragEnd={() => {
                setDragFrom(null);
                setDragOver(null);
              }}
            >
              <ReOrderDotsVerticalRegular />
            </span>
            <span className={styles.index}>{index + 1}</span>
            <Field className={styles.field} validationMessage={error.value}>
              <Input
                className={styles.input}
                value={row.value}
                aria-label={`Size ${index + 1}`}
                data-size-row={index}
                onKeyDown={(event) => onKeyDown(event, index)}
                onChange={(_, data) => onChange(index, { value: data.value })}
              />
            </Field>
            {conversion === null ? null : (
              <Field className={mergeClasses(styles.field, styles.conversion)} validationMessage={error.convertsTo}>
                <Select
                  aria-label={`${conversion.name} equivalent of ${name}`}
                  value={row.convertsTo}
                  onChange={(_, data) => onChange(index, { convertsTo: data.value })}
                >
                  <option value="">No equivalent</option>
                  {conversion.values.map((value) => (
                    <option key={value} value={value}>
                      {sizeLabel(conversion.id, value)}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <span className={styles.buttons}>
              <Tooltip content="Move up (Alt+↑)" relationship="description">
                <Button
                  appearance="subtle"
                  icon={<ArrowUpRegular />}
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                />
              </Tooltip>
              <Tooltip content="Move down (Alt+↓)" relationship="description">
                <Button
                  appearance="subtle"
                  icon={<ArrowDownRegular />}
                  aria-label={`Move ${name} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => onMove(index, index + 1)}
                />
              </Tooltip>
              <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove ${name}`} onClick={() => onRemove(index)} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
