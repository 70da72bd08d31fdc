import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Spinner,
  Tab,
  TabList,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, CheckmarkCircleRegular, SearchRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { SizeQueueEntry, SizeQueueStatus, SizeRuleDto } from '@tradepost/shared/schemas/sizes.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import type { SizeChoice } from '../../../features/sizes/size-choices.ts';
import {
  SIZE_QUEUE_PAGE_SIZE,
  useDeleteSizeRule,
  useDismissSizeEntry,
  useMatchSizeEntry,
  useSizeQueue,
  useSizeRules,
} from '../../../features/sizes/use-size-matching.ts';
import { QueueTable } from './queue-table.tsx';
import { RulesTable } from './rules-table.tsx';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px' },
  tabs: { flexWrap: 'wrap' },
  count: {
    ...typographyStyles.caption1Strong,
    marginLeft: '6px',
    padding: '0 6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    fontVariantNumeric: 'tabular-nums',
  },
  search: { width: '260px', maxWidth: '100%' },
  keys: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  kbd: {
    ...typographyStyles.caption1Strong,
    padding: '0 5px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  hints: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: '4px 16px',
    marginTop: '-12px',
  },
  status: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground2 },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

type View = SizeQueueStatus | 'rules';
const views: readonly View[] = ['open', 'dismissed', 'matched', 'rules'];
const viewLabels: Record<View, string> = { open: 'To match', dismissed: 'Dismissed', matched: 'Matched', rules: 'Rules' };

const emptyTexts: Record<View, { title: string; text: string }> = {
  open: {
    title: 'The queue is clear',
    text: 'Size strings no rule can read land here when marketplace and CSV imports meet them. Match each once and every business reads it from then on.',
  },
  dismissed: { title: 'Nothing dismissed', text: 'Strings you dismiss from the queue (not a size, or not worth a rule) are kept here.' },
  matched: { title: 'Nothing matched yet', text: 'Strings you match appear here with the rule they became.' },
  rules: {
    title: 'No rules yet',
    text: 'Each string you match in the queue becomes a rule. Delete one to send its strings back to the queue.',
  },
};

function Kbd({ children }: { children: string }) {
  const styles = useStyles();
  return <kbd className={styles.kbd}>{children}</kbd>;
}

/** /admin/manual-size-conversion-matching (admin guard in the router): size strings nothing could read, matched by hand. */
export function SizeMatchingPage() {
  const styles = useStyles();
  const toast = useAppToast();
  const [view, setView] = useState<View>('open');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 250);
  const queueStatus: SizeQueueStatus = view === 'rules' ? 'open' : view;
  const queue = useSizeQueue(queueStatus, q);
  const rules = useSizeRules(view === 'rules' ? q : '');
  const match = useMatchSizeEntry();
  const dismiss = useDismissSizeEntry();
  const deleteRule = useDeleteSizeRule();

  const [activeIndex, setActiveIndex] = useState(0);
  const [picks, setPicks] = useState<Record<string, SizeChoice>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lastDone, setLastDone] = useState('');
  const [ruleToDelete, setRuleToDelete] = useState<SizeRuleDto | null>(null);

  // The last counts stay on the tabs while another list loads.
  const lastCounts = useRef(queue.data?.counts);
  if (queue.data !== undefined) lastCounts.current = queue.data.counts;
  const counts = lastCounts.current;
  const entries = queue.data?.items ?? [];
  const builtInFormats = queue.data?.built_in_formats ?? [];

  // Matched rows leave the list, so the same index is the next string; past the end, the last one.
  const clamped = Math.max(0, Math.min(activeIndex, entries.length - 1));
  useEffect(() => {
    if (clamped !== activeIndex) setActiveIndex(clamped);
  }, [clamped, activeIndex]);

  // Keyboard work starts at once: the table takes focus when a queue first shows.
  const focused = useRef<View | null>(null);
  useEffect(() => {
    if (view === 'rules' || entries.length === 0 || focused.current === view) return;
    focused.current = view;
    document.querySelector<HTMLElement>('[data-size-queue]')?.focus();
  }, [view, entries.length]);

  const onMatch = (entry: SizeQueueEntry, choice: SizeChoice) => {
    setErrors((prev) => ({ ...prev, [entry.id]: '' }));
    match.mutate(
      { entry, body: { format_id: choice.formatId, size: choice.size } },
      {
        onSuccess: (result) => {
          const twins = result.matched_entries > 1 ? ` (and ${result.matched_entries - 1} identical)` : '';
          setLastDone(`Matched “${entry.raw}” → ${result.rule.label}${twins}.`);
        },
        onError: (error) => {
          const message = toApiError(error)?.details[0]?.message ?? toApiError(error)?.message ?? 'The match was not saved.';
          setErrors((prev) => ({ ...prev, [entry.id]: message }));
          setLastDone(`“${entry.raw}” was not matched: ${message}`);
        },
      },
    );
  };

  const onDismiss = (entry: SizeQueueEntry) =>
    dismiss.mutate(entry, {
      onSuccess: () => setLastDone(`Dismissed “${entry.raw}”.`),
      onError: () => toast({ intent: 'error', title: 'Not dismissed', body: `“${entry.raw}” is still in the queue. Please try again.` }),
    });

  const countFor = (value: View) => (value === 'rules' ? rules.data?.total : counts?.[value]);
  const loading = view === 'rules' ? rules.isPending : queue.isPending;
  const failed = view === 'rules' ? rules.isError : queue.isError;
  const refetch = () => void (view === 'rules' ? rules.refetch() : queue.refetch());
  const isEmpty = view === 'rules' ? (rules.data?.items.length ?? 0) === 0 : entries.length === 0;

  return (
    <AppPage
      title="Size matching"
      wide
      description={
        <>
          Marketplace size strings nothing could read, most seen first. A match becomes a rule every import uses.{' '}
          <RouterLink to="/admin">Back to Admin</RouterLink>
        </>
      }
      actions={
        <Button icon={<ArrowClockwiseRegular />} disabled={queue.isFetching || rules.isFetching} onClick={refetch}>
          Refresh
        </Button>
      }
    >
      <div className={styles.bar}>
        <TabList
          className={styles.tabs}
          selectedValue={view}
          onTabSelect={(_, data) => {
            setView(views.find((v) => v === data.value) ?? 'open');
            setActiveIndex(0);
          }}
          aria-label="Queue or rules"
        >
          {views.map((value) => {
            const count = countFor(value);
            return (
              <Tab key={value} value={value}>
                {viewLabels[value]}
                {count === undefined ? null : <span className={styles.count}>{count}</span>}
              </Tab>
            );
          })}
        </TabList>
        <Input
          className={styles.search}
          contentBefore={<SearchRegular />}
          value={search}
          aria-label={view === 'rules' ? 'Search rules' : 'Search size strings'}
          onChange={(_, data) => {
            setSearch(data.value);
            setActiveIndex(0);
          }}
        />
      </div>

      <div className={styles.hints}>
        {view === 'rules' || view === 'matched' || entries.length === 0 ? null : (
          <p className={styles.keys} id="size-queue-keys">
            <Kbd>↑</Kbd> <Kbd>↓</Kbd> move · <Kbd>Enter</Kbd> save the highlighted guess · <Kbd>1</Kbd>–<Kbd>9</Kbd> save that suggestion ·{' '}
            <Kbd>/</Kbd> search every size{view === 'open' ? ' · ' : ''}
            {view === 'open' ? (
              <>
                <Kbd>D</Kbd> dismiss
              </>
            ) : null}
          </p>
        )}
        <p className={styles.status} role="status" aria-live="polite">
          {lastDone}
        </p>
      </div>

      {loading ? (
        <Skeleton aria-label="Loading">
          <SkeletonItem size={128} />
        </Skeleton>
      ) : failed ? (
        <LoadFailed subject="The list" onRetry={refetch} retrying={view === 'rules' ? rules.isFetching : queue.isFetching} />
      ) : isEmpty ? (
        <EmptyState
          icon={<CheckmarkCircleRegular />}
          tone="success"
          headingLevel={2}
          title={q.trim() === '' ? emptyTexts[view].title : `Nothing matches “${q.trim()}”`}
        >
          {q.trim() === '' ? emptyTexts[view].text : 'Clear the search to see everything.'}
        </EmptyState>
      ) : view === 'rules' ? (
        <RulesTable
          rules={rules.data?.items ?? []}
          deletingId={deleteRule.isPending ? (deleteRule.variables ?? null) : null}
          onDelete={setRuleToDelete}
        />
      ) : (
        <>
          <QueueTable
            entries={entries}
            builtInFormats={builtInFormats}
            activeIndex={clamped}
            onActivate={setActiveIndex}
            picks={picks}
            onPick={(entry, choice) => setPicks((prev) => ({ ...prev, [entry.id]: choice }))}
            onMatch={onMatch}
            onDismiss={view === 'open' ? onDismiss : null}
            savingId={match.isPending ? (match.variables?.entry.id ?? null) : null}
            errors={Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== ''))}
            readOnly={view === 'matched'}
          />
          {entries.length >= SIZE_QUEUE_PAGE_SIZE ? (
            <p className={styles.note}>Showing the {SIZE_QUEUE_PAGE_SIZE} most seen strings; the next ones appear as you match these.</p>
          ) : null}
        </>
      )}

      <Dialog
        open={ruleToDelete !== null}
        modalType="alert"
        onOpenChange={(_, data) => {
          if (!data.open && !deleteRule.isPending) setRuleToDelete(null);
        }}
      >
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Delete the rule for “{ruleToDelete?.pattern}”?</DialogTitle>
            <DialogContent>
              Imports stop reading it as {ruleToDelete?.label}. The strings it matched go back to the queue to be matched again.
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={deleteRule.isPending} onClick={() => setRuleToDelete(null)}>
                Keep it
              </Button>
              <Button
                appearance="primary"
                disabledFocusable={deleteRule.isPending}
                icon={deleteRule.isPending ? <Spinner size="tiny" /> : undefined}
                onClick={() => {
                  const rule = ruleToDelete;
                  if (rule === null) return;
                  deleteRule.mutate(rule.id, {
                    onSuccess: () => {
                      setRuleToDelete(null);
                      toast({ intent: 'success', title: 'Rule deleted', body: `“${rule.pattern}” is back in the queue.` });
                    },
                    onError: () => toast({ intent: 'error', title: 'Rule not deleted', body: 'Please try again.' }),
                  });
                }}
              >
                Delete rule
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </AppPage>
  );
}
