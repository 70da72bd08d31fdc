import { Badge, Button, Field, Input, makeStyles, Select, Spinner, Switch, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowUndoRegular, SaveRegular } from '@fluentui/react-icons';
import type { PriceRule, PriceRuleInput } from '@tradepost/shared/schemas/sales.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type FormEvent, useMemo, useState } from 'react';
import { apiFormErrors } from '../../../features/account/api-form-errors.ts';
import { ChannelIcon } from '../../../features/channels/channel-icon.tsx';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import {
  draftFrom,
  type PriceRuleDraft,
  type PriceRuleField,
  parseDraft,
  type Rounding,
  roundingLabels,
  roundingModes,
  sameDraft,
} from '../../../features/retail/price-rule-draft.ts';
import { useSavePriceRule } from '../../../features/retail/use-price-rules.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { PricePreviewTable } from './price-preview-table.tsx';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    scrollMarginTop: '16px',
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { display: 'flex', alignItems: 'center', gap: '10px', flexWrap: 'wrap' },
  icon: {
    width: '36px',
    height: '36px',
    display: 'grid',
    placeItems: 'center',
    fontSize: '20px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  title: { ...typographyStyles.subtitle1, margin: 0 },
  fields: {
    display: 'grid',
    gridTemplateColumns: '160px minmax(0, 260px) 180px auto',
    gap: '12px 16px',
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 520px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  form: { display: 'flex', flexDirection: 'column', gap: '14px' },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  fill: { width: '100%', minWidth: 0 },
  switchField: { paddingTop: '22px', '@media (max-width: 900px)': { paddingTop: 0 } },
  actions: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  explain: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  previewTitle: { ...typographyStyles.subtitle2, margin: 0 },
});

function explain(draft: PriceRuleDraft, channel: string): string {
  const markup = draft.markup.trim();
  const parts = [
    markup === '' || Number(markup) === 0 ? 'the base price' : `the base price ${markup.startsWith('-') ? '' : '+'}${markup}%`,
  ];
  if (draft.rounding !== 'none') parts.push(`rounded ${roundingLabels[draft.rounding].toLowerCase()}`);
  if (draft.minMargin.trim() !== '') parts.push(`raised when needed to keep a ${draft.minMargin.trim()}% margin over cost`);
  const rule = `${channel} price = ${parts.join(', ')}.`;
  return draft.enabled ? rule : `${rule} While the rule is off, ${channel} sells at the base price.`;
}

/** One channel's rule: edit it, watch the preview follow, save. */
export function PriceRuleEditor({ scope, rule }: { scope: BusinessScope | undefined; rule: PriceRule }) {
  const styles = useStyles();
  const toast = useAppToast();
  const save = useSavePriceRule(scope);
  const saved = draftFrom(rule);
  // A channel without a rule yet: the rule being written is meant to be used.
  const isNew = rule.updated_at === null;
  const [draft, setDraft] = useState<PriceRuleDraft>(isNew ? { ...saved, enabled: true } : saved);
  const [serverErrors, setServerErrors] = useState<Partial<Record<PriceRuleField, string>>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const parsed = parseDraft(draft);
  const localErrors = parsed.ok ? {} : parsed.errors;
  const errors = { ...serverErrors, ...localErrors };
  const changed = isNew || !sameDraft(draft, saved);
  // The preview asks once typing pauses, and always with the rule on: it shows what the rule would do.
  const previewKey = useDebouncedValue(parsed.ok ? JSON.stringify({ ...parsed.rule, enabled: true }) : null, 300);
  const previewRule = useMemo(() => (previewKey === null ? null : (JSON.parse(previewKey) as PriceRuleInput)), [previewKey]);
  const name = rule.channel.name;

  const update = (change: Partial<PriceRuleDraft>) => {
    setDraft((prev) => ({ ...prev, ...change }));
    setServerErrors({});
    setGeneral(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed.ok) return;
    save.mutate(
      { channelId: rule.channel.id, rule: parsed.rule },
      {
        onSuccess: () =>
          toast({
            intent: 'success',
            title: 'Price rule saved',
            body: `${name} prices now follow this rule${parsed.rule.enabled ? '' : ' when it is on'}.`,
          }),
        onError: (error) => {
          const result = apiFormErrors(
            error,
            ['markup_percent', 'rounding', 'min_margin_percent', 'enabled'] as const,
            'The rule could not be saved.',
          );
          setServerErrors(result.fields);
          setGeneral(result.general);
        },
      },
    );
  };

  return (
    <section id="price-rule-editor" className={styles.card} aria-labelledby="rule-title">
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <ChannelIcon kind={rule.channel.kind} />
        </span>
        <h2 id="rule-title" className={styles.title}>
          {name} price rule
        </h2>
        {changed ? (
          <Badge appearance="tint" color="warning" shape="rounded">
            {isNew ? 'No rule saved yet' : 'Unsaved changes'}
          </Badge>
        ) : null}
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`${name} price rule`}>
        <div className={styles.fields}>
          <Field className={styles.field} label="Markup (%)" validationMessage={errors.markup_percent} hint="Negative for a discount">
            <Input className={styles.fill} inputMode="decimal" value={draft.markup} onChange={(_, d) => update({ markup: d.value })} />
          </Field>
          <Field className={styles.field} label="Rounding" validationMessage={errors.rounding}>
            <Select className={styles.fill} value={draft.rounding} onChange={(_, d) => update({ rounding: d.value as Rounding })}>
              {roundingModes.map((mode) => (
                <option key={mode} value={mode}>
                  {roundingLabels[mode]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            className={styles.field}
            label="Minimum margin (%)"
            validationMessage={errors.min_margin_percent}
            hint="Over FIFO cost; empty for none"
          >
            <Input
              className={styles.fill}
              inputMode="decimal"
              value={draft.minMargin}
              onChange={(_, d) => update({ minMargin: d.value })}
            />
          </Field>
          <Field className={styles.switchField} validationMessage={errors.enabled}>
            <Switch
              checked={draft.enabled}
              label={draft.enabled ? 'Rule on' : 'Rule off'}
              onChange={(_, d) => update({ enabled: d.checked })}
            />
          </Field>
        </div>
        <p className={styles.explain}>{explain(draft, name)}</p>
        <FormErrorAlert message={general} />
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            icon={save.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
            disabledFocusable={save.isPending || !parsed.ok || !changed}
          >
            Save rule
          </Button>
          <Button icon={<ArrowUndoRegular />} disabled={!changed || isNew || save.isPending} onClick={() => update(saved)}>
            Undo changes
          </Button>
        </div>
      </form>
      <h3 className={styles.previewTitle}>Preview on your products</h3>
      <PricePreviewTable scope={scope} rule={previewRule} stale={!parsed.ok} />
    </section>
  );
}
