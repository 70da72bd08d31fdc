import { Button, Checkbox, Field, Input, Radio, RadioGroup, Spinner } from '@fluentui/react-components';
import type { ImportRules } from '@tradepost/shared/schemas/purchase-import.ts';
import { useState } from 'react';
import { useImportStyles } from './import-styles.ts';

type RulesDraft = { mode: ImportRules['mode']; pattern: string; start_after: string; stop_at: string; cost_is_line_total: boolean };

const draftOf = (rules: ImportRules): RulesDraft => ({
  mode: rules.mode,
  pattern: rules.pattern ?? '',
  start_after: rules.start_after ?? '',
  stop_at: rules.stop_at ?? '',
  cost_is_line_total: rules.cost_is_line_total,
});

/** The typed rules as the API takes them: a blank is no rule. */
export function rulesOf(draft: RulesDraft): ImportRules {
  const text = (value: string) => (value.trim() === '' ? null : value);
  return {
    mode: draft.mode,
    pattern: text(draft.pattern),
    start_after: text(draft.start_after),
    stop_at: text(draft.stop_at),
    cost_is_line_total: draft.cost_is_line_total,
  };
}

type ImportRulesFormProps = {
  initial: ImportRules;
  vendorName: string;
  /** Messages by field ('pattern', …) from the last try or save. */
  errors: Record<string, string>;
  trying: boolean;
  saving: boolean;
  saved: boolean;
  onTry: (rules: ImportRules) => void;
  onSave: (rules: ImportRules) => void;
};

/** A vendor's parsing rules, edited here, tried on the document without saving, and saved for the vendor's next PDF. */
export function ImportRulesForm({ initial, vendorName, errors, trying, saving, saved, onTry, onSave }: ImportRulesFormProps) {
  const styles = useImportStyles();
  const [draft, setDraft] = useState<RulesDraft>(() => draftOf(initial));
  const set = <K extends keyof RulesDraft>(key: K, value: RulesDraft[K]) => setDraft((prev) => ({ ...prev, [key]: value }));

  return (
    <form
      className={styles.section}
      aria-label="Parsing rules"
      onSubmit={(event) => {
        event.preventDefault();
        onTry(rulesOf(draft));
      }}
    >
      <h2 className={styles.sectionTitle}>Parsing rules for {vendorName}</h2>
      <div className={styles.rulesGrid}>
        <Field label="How lines are found">
          <RadioGroup value={draft.mode} onChange={(_, d) => set('mode', d.value === 'pattern' ? 'pattern' : 'auto')} layout="horizontal">
            <Radio value="auto" label="Automatic" />
            <Radio value="pattern" label="My pattern" />
          </RadioGroup>
        </Field>
        <Field label="Start after the line containing" validationMessage={errors.start_after} hint="Skips the header block.">
          <Input value={draft.start_after} onChange={(_, d) => set('start_after', d.value)} placeholder="e.g. Description" />
        </Field>
        <Field label="Stop at the line containing" validationMessage={errors.stop_at} hint="Skips totals and terms.">
          <Input value={draft.stop_at} onChange={(_, d) => set('stop_at', d.value)} placeholder="e.g. Subtotal" />
        </Field>
        <Field label="Amounts">
          <Checkbox
            checked={draft.cost_is_line_total}
            onChange={(_, d) => set('cost_is_line_total', d.checked === true)}
            label="The amount on a line is the line total (divided by the quantity)"
          />
        </Field>
        {draft.mode === 'pattern' ? (
          <Field
            className={styles.patternField}
            label="Pattern"
            validationMessage={errors.pattern}
            hint="A regular expression for one text line, with the named groups sku and quantity, and size and cost where the line has them: (?<sku>\S+)\s+(?<size>[\d.]+)\s+(?<quantity>\d+)\s+\$?(?<cost>[\d.,]+)"
          >
            <Input className={styles.mono} value={draft.pattern} onChange={(_, d) => set('pattern', d.value)} spellCheck={false} />
          </Field>
        ) : errors.pattern === undefined ? null : (
          <p className={styles.fieldError}>{errors.pattern}</p>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={trying || saving} icon={trying ? <Spinner size="tiny" /> : undefined}>
          Try these rules
        </Button>
        <Button disabled={trying || saving} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={() => onSave(rulesOf(draft))}>
          Save rules for {vendorName}
        </Button>
        {saved ? <span className={styles.summary}>Saved. The next PDF from {vendorName} is read with these rules.</span> : null}
      </div>
    </form>
  );
}
