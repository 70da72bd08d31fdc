import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Switch,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DismissRegular } from '@fluentui/react-icons';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import { type Channel, type PickRule, type PickRuleInput, pickRuleInputSchema } from '@tradepost/shared/schemas/sales.ts';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../../features/account/api-form-errors.ts';
import { issuesToFields } from '../../features/catalog/field-errors.ts';
import { FormErrorAlert } from '../../features/forms/form-error-alert.tsx';
import { moveRule, useSavePickRule } from '../../features/retail/use-pick-rules.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '14px' },
  order: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  orderItem: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '4px 4px 4px 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  orderNumber: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground3, width: '18px' },
  orderName: { ...typographyStyles.body1, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  addRow: { display: 'flex', gap: '8px', marginTop: '6px' },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  switches: { display: 'flex', flexWrap: 'wrap', gap: '4px 16px' },
});

type RuleField = 'name' | 'channel_id' | 'location_ids' | 'strategy' | 'allow_split' | 'enabled';
const fields: readonly RuleField[] = ['name', 'channel_id', 'location_ids', 'strategy', 'allow_split', 'enabled'];

type PickRuleDialogProps = {
  scope: BusinessScope | undefined;
  rule: PickRule | null;
  channels: Channel[];
  locations: Location[];
  onClose: () => void;
  onSaved: (rule: PickRule) => void;
};

/** Add or edit a pick rule: which orders it takes, where from and in which order. */
export function PickRuleDialog({ scope, rule, channels, locations, onClose, onSaved }: PickRuleDialogProps) {
  const styles = useStyles();
  const save = useSavePickRule(scope);
  const [name, setName] = useState(rule?.name ?? '');
  const [channelId, setChannelId] = useState<string>(rule?.channel_id ?? '');
  const [locationIds, setLocationIds] = useState<string[]>(rule?.location_ids ?? []);
  const [strategy, setStrategy] = useState<PickRule['strategy']>(rule?.strategy ?? 'priority');
  const [allowSplit, setAllowSplit] = useState(rule?.allow_split ?? true);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [errors, setErrors] = useState<Partial<Record<RuleField, string>>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState('');

  const nameOf = (id: string) => locations.find((l) => l.id === id)?.name ?? 'A location that no longer exists';
  const remaining = locations.filter((l) => !l.archived && !locationIds.includes(l.id));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const body: PickRuleInput = {
      name: name.trim(),
      channel_id: channelId === '' ? null : channelId,
      location_ids: locationIds,
      strategy,
      allow_split: allowSplit,
      enabled,
    };
    const local = pickRuleInputSchema.safeParse(body);
    if (!local.success) {
      setErrors(issuesToFields(local.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { ruleId: rule?.id, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const result = apiFormErrors(error, fields, 'The rule could not be saved.');
          setErrors(result.fields);
          setGeneral(result.general);
        },
      },
    );
  };

  const title = rule === null ? 'New pick rule' : `Edit “${rule.name}”`;
  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              <Field label="Name" required hint="For example: eBay ships from the warehouse" validationMessage={errors.name}>
                <Input value={name} maxLength={80} autoFocus onChange={(_, d) => setName(d.value)} />
              </Field>
              <Field label="Orders from" validationMessage={errors.channel_id}>
                <Select value={channelId} onChange={(_, d) => setChannelId(d.value)}>
                  <option value="">All channels</option>
                  {channels.map((channel) => (
                    <option key={channel.id} value={channel.id}>
                      {channel.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Pick from, in this order"
                required
                validationMessage={errors.location_ids}
                hint="Locations not listed are never used for these orders."
              >
                <div>
                  {locationIds.length === 0 ? null : (
                    <ol className={styles.order} aria-label="Locations in priority order">
                      {locationIds.map((id, index) => (
                        <li key={id} className={styles.orderItem}>
                          <span className={styles.orderNumber}>{index + 1}</span>
                          <span className={styles.orderName}>{nameOf(id)}</span>
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<ArrowUpRegular />}
                            aria-label={`Move ${nameOf(id)} up`}
                            disabled={index === 0}
                            onClick={() => setLocationIds((ids) => moveRule(ids, index, index - 1))}
                          />
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<ArrowDownRegular />}
                            aria-label={`Move ${nameOf(id)} down`}
                            disabled={index === locationIds.length - 1}
                            onClick={() => setLocationIds((ids) => moveRule(ids, index, index + 1))}
                          />
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<DismissRegular />}
                            aria-label={`Remove ${nameOf(id)}`}
                            onClick={() => setLocationIds((ids) => ids.filter((other) => other !== id))}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                  {remaining.length === 0 ? (
                    <p className={styles.hint}>Every location is listed.</p>
                  ) : (
                    <div className={styles.addRow}>
                      <Select aria-label="Location to add" value={adding} onChange={(_, d) => setAdding(d.value)}>
                        <option value="">Choose a location…</option>
                        {remaining.map((location) => (
                          <option key={location.id} value={location.id}>
                            {location.name}
                          </option>
                        ))}
                      </Select>
                      <Button
                        disabled={adding === ''}
                        onClick={() => {
                          setLocationIds((ids) => [...ids, adding]);
                          setAdding('');
                          setErrors((prev) => ({ ...prev, location_ids: undefined }));
                        }}
                      >
                        Add
                      </Button>
                    </div>
                  )}
                </div>
              </Field>
              <Field label="Which location first" validationMessage={errors.strategy}>
                <RadioGroup value={strategy} onChange={(_, d) => setStrategy(d.value === 'most_available' ? 'most_available' : 'priority')}>
                  <Radio value="priority" label="In the order listed" />
                  <Radio value="most_available" label="The one with the most stock of the item" />
                </RadioGroup>
              </Field>
              <div className={styles.switches}>
                <Switch
                  checked={allowSplit}
                  label={allowSplit ? 'Split an order across locations when needed' : 'Ship the whole order from one location'}
                  onChange={(_, d) => setAllowSplit(d.checked)}
                />
                <Switch checked={enabled} label={enabled ? 'Rule on' : 'Rule off'} onChange={(_, d) => setEnabled(d.checked)} />
              </div>
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={save.isPending}
                icon={save.isPending ? <Spinner size="tiny" /> : undefined}
              >
                {rule === null ? 'Add rule' : 'Save rule'}
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
