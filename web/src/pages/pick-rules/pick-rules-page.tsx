import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownRegular,
  ArrowRoutingRegular,
  ArrowUpRegular,
  DeleteRegular,
  EditRegular,
  ReOrderDotsVerticalRegular,
} from '@fluentui/react-icons';
import type { PickRule } from '@tradepost/shared/schemas/sales.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { type DragEvent, useState } from 'react';
import { useChannels } from '../../features/channels/use-channels.ts';
import { useLocations } from '../../features/inventory/use-locations.ts';
import { EmptyState } from '../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { useAppToast } from '../../features/notifications/use-app-toast.tsx';
import { moveRule, useDeletePickRule, usePickRules, useReorderPickRules } from '../../features/retail/use-pick-rules.ts';
import { SalesShortcuts } from '../../features/sales/sales-shortcuts.tsx';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { PickRuleDialog } from './pick-rule-dialog.tsx';

const useStyles = makeStyles({
  explain: {
    display: 'flex',
    gap: '12px',
    alignItems: 'flex-start',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    ...typographyStyles.body1,
  },
  explainIcon: { fontSize: '20px', color: tokens.colorBrandForeground1, flexShrink: 0, marginTop: '1px' },
  explainText: { margin: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' },
  rule: {
    display: 'grid',
    gridTemplateColumns: 'auto auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '12px',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    '@media (max-width: 640px)': { gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '8px 12px' },
  },
  dragging: { opacity: 0.5 },
  dropTarget: { border: `2px dashed ${tokens.colorBrandStroke1}` },
  off: { backgroundColor: tokens.colorNeutralBackground2 },
  handle: {
    cursor: 'grab',
    color: tokens.colorNeutralForeground3,
    fontSize: '20px',
    display: 'grid',
    placeItems: 'center',
    '@media (max-width: 640px)': { display: 'none' },
  },
  position: {
    width: '32px',
    height: '32px',
    display: 'grid',
    placeItems: 'center',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    ...typographyStyles.subtitle2,
  },
  body: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  nameRow: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  name: { ...typographyStyles.subtitle2, margin: 0, overflowWrap: 'anywhere' },
  detail: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '4px', '@media (max-width: 640px)': { gridColumn: '1 / -1', justifyContent: 'flex-end' } },
  fallback: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

/** pick-rules: the ordered rules that decide which location fills each order. */
export function PickRulesPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const toast = useAppToast();
  const rules = usePickRules(scope);
  const locations = useLocations(scope);
  const channels = useChannels(scope);
  const reorder = useReorderPickRules(scope);
  const remove = useDeletePickRule(scope);
  const [editing, setEditing] = useState<PickRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PickRule | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  const list = rules.data ?? [];
  const locationName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? 'Removed location';
  const channelName = (id: string | null) =>
    id === null ? 'All channels' : (channels.data?.find((c) => c.id === id)?.name ?? 'A channel');
  const defaultLocation = locations.data?.find((l) => l.is_default && !l.archived)?.name;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    reorder.mutate(moveRule(list, from, to), {
      onError: () => toast({ intent: 'error', title: 'Order not saved', body: 'The rules are back in their saved order. Try again.' }),
    });
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    if (dragIndex !== null) move(dragIndex, to);
    setDragIndex(null);
    setOverIndex(null);
  };

  return (
    <AppPage
      title="Pick Rules"
      description="Where each order is picked from, when you have more than one location."
      actions={
        list.length === 0 ? undefined : (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
            Add rule
          </Button>
        )
      }
    >
      <SalesShortcuts current="/pick-rules" />
      <div className={styles.explain}>
        <ArrowRoutingRegular className={styles.explainIcon} aria-hidden="true" />
        <p className={styles.explainText}>
          For each order, rules are tried from the top: the first rule that is on and matches the order’s channel decides which locations
          pick it, in the order it lists. Counter sales leave from the location chosen at checkout.
        </p>
      </div>

      {rules.isPending ? (
        <Spinner size="tiny" label="Loading pick rules…" />
      ) : rules.isError ? (
        <LoadFailed subject="The pick rules" onRetry={() => void rules.refetch()} retrying={rules.isFetching} />
      ) : list.length === 0 ? (
        <EmptyState
          id="no-rules"
          headingLevel={2}
          title="No pick rules yet"
          actions={
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>
              Add your first rule
            </Button>
          }
        >
          Without rules every order is picked from your default location{defaultLocation === undefined ? '' : ` (${defaultLocation})`}{' '}
          first, then from your other locations by name, split across them when one place does not have everything. Add a rule when a
          channel should ship from somewhere else, or must ship from one place only.
        </EmptyState>
      ) : (
        <>
          <ol className={styles.list} aria-label="Pick rules, first tried first">
            {list.map((rule, index) => (
              <li
                key={rule.id}
                className={mergeClasses(
                  styles.rule,
                  !rule.enabled && styles.off,
                  dragIndex === index && styles.dragging,
                  overIndex === index && dragIndex !== index && styles.dropTarget,
                )}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', rule.id);
                  setDragIndex(index);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  setOverIndex(index);
                }}
                onDragLeave={() => setOverIndex((current) => (current === index ? null : current))}
                onDragEnd={() => {
                  setDragIndex(null);
                  setOverIndex(null);
                }}
                onDrop={(event) => onDrop(event, index)}
                aria-label={`${index + 1}. ${rule.name}`}
              >
                <span className={styles.handle} aria-hidden="true" title="Drag to reorder">
                  <ReOrderDotsVerticalRegular />
                </span>
                <span className={styles.position} aria-hidden="true">
                  {index + 1}
                </span>
                <div className={styles.body}>
                  <div className={styles.nameRow}>
                    <h2 className={styles.name}>{rule.name}</h2>
                    <Badge appearance="tint" color={rule.channel_id === null ? 'informative' : 'brand'} shape="rounded">
                      {channelName(rule.channel_id)}
                    </Badge>
                    {rule.enabled ? null : (
                      <Badge appearance="tint" color="subtle" shape="rounded">
                        Off
                      </Badge>
                    )}
                  </div>
                  <p className={styles.detail}>{rule.location_ids.map(locationName).join(' → ')}</p>
                  <p className={styles.meta}>
                    {rule.strategy === 'priority' ? 'In the order listed' : 'Most stock first'} ·{' '}
                    {rule.allow_split ? 'May split an order' : 'Whole order from one location'}
                  </p>
                </div>
                <div className={styles.actions}>
                  <Button
                    appearance="subtle"
                    icon={<ArrowUpRegular />}
                    aria-label={`Move ${rule.name} up`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    appearance="subtle"
                    icon={<ArrowDownRegular />}
                    aria-label={`Move ${rule.name} down`}
                    disabled={index === list.length - 1 || reorder.isPending}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${rule.name}`} onClick={() => setEditing(rule)} />
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`Delete ${rule.name}`}
                    onClick={() => setDeleting(rule)}
                  />
                </div>
              </li>
            ))}
          </ol>
          <p className={styles.fallback}>
            Orders no rule matches are picked from your default location first, then the others, split when needed.
          </p>
        </>
      )}

      {editing === null ? null : (
        <PickRuleDialog
          scope={scope}
          rule={editing === 'new' ? null : editing}
          channels={channels.data ?? []}
          locations={locations.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            toast({ intent: 'success', title: editing === 'new' ? 'Rule added' : 'Rule saved', body: saved.name });
          }}
        />
      )}
      {deleting === null ? null : (
        <Dialog
          open
          onOpenChange={(_, data) => {
            if (!data.open) setDeleting(null);
          }}
        >
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Delete “{deleting.name}”?</DialogTitle>
              <DialogContent>
                Orders it picked will go to the next matching rule, or to your default location first.
                {remove.isError ? (
                  <MessageBar intent="error">
                    <MessageBarBody>The rule could not be deleted. Try again.</MessageBarBody>
                  </MessageBar>
                ) : null}
              </DialogContent>
              <DialogActions>
                <Button
                  appearance="primary"
                  disabledFocusable={remove.isPending}
                  icon={remove.isPending ? <Spinner size="tiny" /> : <DeleteRegular />}
                  onClick={() =>
                    remove.mutate(deleting.id, {
                      onSuccess: () => {
                        toast({ intent: 'success', title: 'Rule deleted', body: deleting.name });
                        setDeleting(null);
                      },
                    })
                  }
                >
                  Delete rule
                </Button>
                <Button onClick={() => setDeleting(null)}>Cancel</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </AppPage>
  );
}
