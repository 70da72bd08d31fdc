import { Badge, Button, makeStyles, mergeClasses, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import type { SizeChoiceFormat, SizeQueueEntry } from '@tradepost/shared/schemas/sizes.ts';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { choiceKey, type SizeChoice, sizeChoices } from '../../../features/sizes/size-choices.ts';
import { SizeChoicePicker } from './size-choice-picker.tsx';

const useStyles = makeStyles({
  wrap: {
    minWidth: 0,
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  th: {
    ...typographyStyles.caption1Strong,
    textAlign: 'start',
    padding: '8px 12px',
    color: tokens.colorNeutralForeground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '8px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, verticalAlign: 'top' },
  row: { cursor: 'pointer', ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}`,
    ':hover': { backgroundColor: tokens.colorBrandBackground2 },
  },
  raw: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  hint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  num: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  muted: { color: tokens.colorNeutralForeground3 },
  panelCell: {
    padding: '4px 12px 14px 15px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  panel: { display: 'flex', flexDirection: 'column', gap: '10px' },
  suggestions: { display: 'flex', flexWrap: 'wrap', gap: '6px', alignItems: 'center', border: 0, margin: 0, padding: 0, minWidth: 0 },
  legend: { float: 'left', padding: 0, marginRight: '6px' },
  // currentColor keeps the key readable on the primary (first) suggestion and the plain ones alike.
  key: {
    ...typographyStyles.caption2Strong,
    marginRight: '6px',
    padding: '0 5px',
    borderRadius: tokens.borderRadiusSmall,
    border: '1px solid currentColor',
    color: 'inherit',
    opacity: 0.8,
  },
  pickRow: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  picker: { flexGrow: 1, minWidth: '240px', maxWidth: '420px' },
  label: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2 },
  error: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1 },
});

const when = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const sourceLabels: Record<string, string> = {
  ebay: 'eBay',
  shopify: 'Shopify',
  stockx: 'StockX',
  goat: 'GOAT',
  whatnot: 'Whatnot',
  csv_import: 'CSV import',
  manual: 'Manual',
  extension: 'Extension',
};

/** What Save (and Enter) matches the entry to: the admin's pick, else the first suggestion. */
export function chosenFor(
  entry: SizeQueueEntry,
  picks: Readonly<Record<string, SizeChoice>>,
  formats: readonly SizeChoiceFormat[],
): SizeChoice | null {
  const picked = picks[entry.id];
  if (picked !== undefined) return picked;
  const first = entry.suggestions[0];
  if (first === undefined) return null;
  const format = formats.find((f) => f.id === first.format_id);
  return {
    key: choiceKey(first.format_id, first.size),
    formatId: first.format_id,
    formatName: format?.name ?? first.format_id,
    size: first.size,
    label: first.label,
    business: null,
  };
}

type QueueTableProps = {
  entries: readonly SizeQueueEntry[];
  builtInFormats: readonly SizeChoiceFormat[];
  activeIndex: number;
  onActivate: (index: number) => void;
  picks: Readonly<Record<string, SizeChoice>>;
  onPick: (entry: SizeQueueEntry, choice: SizeChoice) => void;
  onMatch: (entry: SizeQueueEntry, choice: SizeChoice) => void;
  onDismiss: ((entry: SizeQueueEntry) => void) | null;
  savingId: string | null;
  errors: Readonly<Record<string, string>>;
  /** Matched entries show their rule instead of the matching controls. */
  readOnly: boolean;
};

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);

/**
 * The queue as a keyboard-first table: ↑/↓ (or J/K) move the active row, Enter saves the active
 * row's choice (the first suggestion unless one was picked), 1–9 save that suggestion, / searches
 * every size, D dismisses. The active row opens its matching controls underneath.
 */
export function QueueTable(props: QueueTableProps) {
  const { entries, builtInFormats, activeIndex, onActivate, picks, onPick, onMatch, onDismiss, savingId, errors, readOnly } = props;
  const styles = useStyles();
  const wrapRef = useRef<HTMLElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const active = entries[activeIndex];

  // Built-in runs first (a rule there serves every business), unless the string was sent for a custom run.
  const choices = useMemo(() => {
    if (active === undefined) return sizeChoices(builtInFormats);
    const forCustom = active.custom_formats.some((format) => format.id === active.format_hint);
    return sizeChoices(forCustom ? [...active.custom_formats, ...builtInFormats] : [...builtInFormats, ...active.custom_formats]);
  }, [active, builtInFormats]);

  useEffect(() => {
    document.getElementById(`size-queue-row-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const suggestionChoice = (entry: SizeQueueEntry, index: number): SizeChoice | null => {
    const suggestion = entry.suggestions[index];
    if (suggestion === undefined) return null;
    return {
      key: choiceKey(suggestion.format_id, suggestion.size),
      formatId: suggestion.format_id,
      formatName: builtInFormats.find((f) => f.id === suggestion.format_id)?.name ?? entry.format_hint_name ?? suggestion.format_id,
      size: suggestion.size,
      label: suggestion.label,
      business: null,
    };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTyping(event.target)) return;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'j') {
      event.preventDefault();
      onActivate(Math.min(entries.length - 1, activeIndex + 1));
    } else if (key === 'ArrowUp' || key === 'k') {
      event.preventDefault();
      onActivate(Math.max(0, activeIndex - 1));
    } else if (readOnly || active === undefined) {
      return;
    } else if (key === 'Enter' && event.target === wrapRef.current) {
      event.preventDefault();
      const choice = chosenFor(active, picks, builtInFormats);
      if (choice !== null) onMatch(active, choice);
    } else if (/^[1-9]$/.test(key)) {
      const choice = suggestionChoice(active, Number(key) - 1);
      if (choice === null) return;
      event.preventDefault();
      onMatch(active, choice);
    } else if (key === '/') {
      event.preventDefault();
      pickerRef.current?.focus();
    } else if ((key === 'd' || key === 'Delete') && onDismiss !== null) {
      event.preventDefault();
      onDismiss(active);
    }
  };

  return (
    <section
      ref={wrapRef}
      className={styles.wrap}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table takes the keyboard shortcuts; it must be focusable
      tabIndex={0}
      aria-label="Unmatched size strings"
      aria-describedby="size-queue-keys"
      onKeyDown={onKeyDown}
      data-size-queue
    >
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={styles.th} scope="col">
              Size string
            </th>
            <th className={styles.th} scope="col">
              Source
            </th>
            <th className={mergeClasses(styles.th, styles.num)} scope="col">
              Seen
            </th>
            <th className={styles.th} scope="col">
              Businesses
            </th>
            <th className={styles.th} scope="col">
              First seen
            </th>
            <th className={styles.th} scope="col">
              Last seen
            </th>
            <th className={styles.th} scope="col">
              {readOnly ? 'Matched to' : 'Best guess'}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const isActive = index === activeIndex;
            const chosen = readOnly ? null : chosenFor(entry, picks, builtInFormats);
            const saving = savingId === entry.id;
            return [
              <tr
                key={entry.id}
                id={`size-queue-row-${index}`}
                className={mergeClasses(styles.row, isActive && styles.active)}
                aria-selected={isActive}
                onClick={() => {
                  onActivate(index);
                  wrapRef.current?.focus();
                }}
              >
                <td className={styles.td}>
                  <span className={styles.raw}>{entry.raw}</span>
                  {entry.format_hint_name === null ? null : <span className={styles.hint}>for {entry.format_hint_name}</span>}
                </td>
                <td className={styles.td}>
                  <span className={styles.badges}>
                    {entry.sources.map((source) => (
                      <Badge key={source} appearance="tint" color="informative" size="small">
                        {sourceLabels[source] ?? source}
                      </Badge>
                    ))}
                  </span>
                </td>
                <td className={mergeClasses(styles.td, styles.num)}>{entry.seen_count}</td>
                <td className={styles.td}>
                  {entry.businesses
                    .slice(0, 2)
                    .map((b) => b.name)
                    .join(', ')}
                  {entry.businesses.length > 2 ? <span className={styles.muted}> +{entry.businesses.length - 2}</span> : null}
                </td>
                <td className={mergeClasses(styles.td, styles.nowrap)}>{when.format(new Date(entry.first_seen_at))}</td>
                <td className={mergeClasses(styles.td, styles.nowrap)}>{when.format(new Date(entry.last_seen_at))}</td>
                <td className={styles.td}>
                  {readOnly ? (
                    (entry.rule?.label ?? <span className={styles.muted}>Rule deleted</span>)
                  ) : chosen === null ? (
                    <span className={styles.muted}>No guess</span>
                  ) : (
                    <span className={styles.nowrap}>{chosen.label}</span>
                  )}
                </td>
              </tr>,
              isActive && !readOnly ? (
                <tr key={`${entry.id}-panel`}>
                  <td className={styles.panelCell} colSpan={7}>
                    <div className={styles.panel}>
                      {entry.suggestions.length === 0 ? (
                        <span className={styles.muted}>No suggestions: search all sizes below.</span>
                      ) : (
                        <fieldset className={styles.suggestions}>
                          <legend className={mergeClasses(styles.label, styles.legend)}>Suggestions</legend>
                          {entry.suggestions.slice(0, 9).map((suggestion, i) => {
                            const choice = suggestionChoice(entry, i);
                            return (
                              <Button
                                key={`${suggestion.format_id}-${suggestion.size}`}
                                size="small"
                                appearance={i === 0 ? 'primary' : 'secondary'}
                                disabled={saving}
                                onClick={() => choice !== null && onMatch(entry, choice)}
                              >
                                <span className={styles.key} aria-hidden="true">
                                  {i + 1}
                                </span>
                                {suggestion.label}
                              </Button>
                            );
                          })}
                        </fieldset>
                      )}
                      <div className={styles.pickRow}>
                        <span className={styles.label}>Or pick</span>
                        <div className={styles.picker}>
                          <SizeChoicePicker
                            label={`Format and size for ${entry.raw}`}
                            choices={choices}
                            value={picks[entry.id] ?? null}
                            inputRef={pickerRef}
                            onPick={(choice) => {
                              onPick(entry, choice);
                              // Back to the table, so the next Enter saves the pick.
                              requestAnimationFrame(() => wrapRef.current?.focus());
                            }}
                          />
                        </div>
                        <Button
                          appearance="primary"
                          icon={saving ? <Spinner size="tiny" /> : <CheckmarkRegular />}
                          disabledFocusable={saving || chosen === null}
                          onClick={() => chosen !== null && onMatch(entry, chosen)}
                        >
                          {chosen === null ? 'Save' : `Save as ${chosen.label}`}
                        </Button>
                        {onDismiss === null ? null : (
                          <Button appearance="subtle" icon={<DismissRegular />} disabled={saving} onClick={() => onDismiss(entry)}>
                            Dismiss
                          </Button>
                        )}
                      </div>
                      {errors[entry.id] === undefined ? null : (
                        <p className={styles.error} role="alert">
                          {errors[entry.id]}
                        </p>
                      )}
                    </div>
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
    </section>
  );
}
