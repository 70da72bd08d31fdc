import { Button, makeStyles, Spinner, Tab, TabList, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, DocumentEditRegular, TagRegular } from '@fluentui/react-icons';
import type { PreownedListStatus } from '@tradepost/shared/query/preowned.ts';
import type { PreownedList } from '@tradepost/shared/schemas/preowned.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ProductSearchBox } from '../../../features/catalog/product-search-box.tsx';
import { useLastAnswer } from '../../../features/catalog/use-products.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { NEW_ITEM, PreownedEditorDrawer } from '../../../features/preowned/preowned-editor-drawer.tsx';
import { usePreownedList } from '../../../features/preowned/use-preowned.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { PreownedCard } from './preowned-card.tsx';

const useStyles = makeStyles({
  headerActions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  toolbar: { display: 'flex', flexDirection: 'column', gap: '12px' },
  tabList: { flexWrap: 'wrap' },
  count: { marginLeft: '6px', color: tokens.colorNeutralForeground3 },
  status: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    minHeight: '24px',
  },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: '16px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '10px' },
  },
  emptyActions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  loading: { padding: '48px 0' },
});

type Tabbed = Exclude<PreownedListStatus, 'draft'>;
const tabs: readonly Tabbed[] = ['active', 'sold', 'archived', 'all'];
const tabLabels: Record<Tabbed, string> = { active: 'In stock', sold: 'Sold', archived: 'Archived', all: 'All' };
const isTab = (value: unknown): value is Tabbed => tabs.includes(value as Tabbed);

function countFor(counts: PreownedList['counts'] | undefined, tab: Tabbed): number | undefined {
  if (counts === undefined) return undefined;
  if (tab === 'active') return counts.in_stock;
  if (tab === 'all') return counts.in_stock + counts.sold + counts.archived + counts.draft;
  return counts[tab];
}

type EmptyProps = { tab: Tabbed; q: string; drafts: number; onNew: () => void };

/** What to do next when the list is empty, for each reason it can be. */
function EmptyList({ tab, q, drafts, onNew }: EmptyProps) {
  const styles = useStyles();
  const newButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={onNew}>
      New pre-owned item
    </Button>
  );
  const draftsLink =
    drafts > 0 ? (
      <ButtonLink to="/preowned/drafts" icon={<DocumentEditRegular />}>
        Finish {drafts} {drafts === 1 ? 'draft' : 'drafts'}
      </ButtonLink>
    ) : null;
  if (q !== '') {
    return (
      <PageSection
        id="preowned-empty"
        icon={<TagRegular />}
        title={`No item matches “${q}”`}
        description="Search looks at the title, brand, style code, colorway and SKU. Check the spelling, try the All tab, or add the item."
      >
        <div className={styles.emptyActions}>{newButton}</div>
      </PageSection>
    );
  }
  const copy: Record<Tabbed, { title: string; description: string }> = {
    active:
      drafts > 0
        ? {
            title: 'Nothing for sale yet',
            description: 'Your drafts are waiting. Add what each one is missing and publish it to put its unit in stock.',
          }
        : {
            title: 'No pre-owned items yet',
            description:
              'Add a used pair: copy its details from your catalog, grade it, add photos and a price, then publish it into stock. Save it as a draft if you are on the floor and finish later.',
          },
    sold: { title: 'Nothing sold yet', description: 'Items appear here once their unit leaves stock, through a sale or an adjustment.' },
    archived: {
      title: 'Nothing archived',
      description: 'Sold items can be archived from their panel, keeping their history out of the way.',
    },
    all: { title: 'No pre-owned items yet', description: 'Add your first used pair with its grade, photos and price.' },
  };
  return (
    <PageSection id="preowned-empty" icon={<TagRegular />} title={copy[tab].title} description={copy[tab].description}>
      <div className={styles.emptyActions}>
        {newButton}
        {draftsLink}
      </div>
    </PageSection>
  );
}

/** preowned: one-off used items for sale, each with its grade, photos, price and days in stock. */
export function PreownedPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const tab: Tabbed = isTab(statusParam) ? statusParam : 'active';
  const itemId = params.get('item');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 150).trim();
  const list = usePreownedList(scope, { status: tab, q });
  const shown = useLastAnswer(list.data);
  const items = shown.data?.items ?? [];
  const counts = shown.data?.counts;
  const drafts = counts?.draft ?? 0;

  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === 'status' },
    );
  const openItem = (id: string) => setParam('item', id);

  const actions = (
    <div className={styles.headerActions}>
      <ButtonLink to="/preowned/drafts" icon={<DocumentEditRegular />}>
        {`Drafts${counts === undefined ? '' : ` (${drafts})`}`}
      </ButtonLink>
      <Button appearance="primary" icon={<AddRegular />} onClick={() => openItem(NEW_ITEM)}>
        New pre-owned item
      </Button>
    </div>
  );

  return (
    <AppPage title="Pre-Owned" description="Used pairs, one of each: graded, photographed and priced on their own." wide actions={actions}>
      <div className={styles.toolbar}>
        <ProductSearchBox value={text} onChange={setText} label="Search pre-owned items" hint="Title, brand, style code, colorway or SKU" />
        <TabList
          className={styles.tabList}
          selectedValue={tab}
          onTabSelect={(_, data) => setParam('status', isTab(data.value) && data.value !== 'active' ? data.value : null)}
          aria-label="Show items"
        >
          {tabs.map((value) => {
            const count = countFor(counts, value);
            return (
              <Tab key={value} value={value}>
                {tabLabels[value]}
                {count === undefined ? null : <span className={styles.count}>{count}</span>}
              </Tab>
            );
          })}
        </TabList>
      </div>

      {shown.data === undefined && list.isError ? (
        <LoadFailed subject="The pre-owned items" onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : shown.data === undefined ? (
        <Spinner className={styles.loading} label="Loading pre-owned items…" />
      ) : (
        <>
          <p className={styles.status} aria-live="polite">
            {list.isFetching ? <Spinner size="extra-tiny" aria-hidden="true" /> : null}
            {text.trim() !== q || shown.previous
              ? 'Searching…'
              : shown.data.total === 0
                ? ''
                : `${shown.data.total} ${shown.data.total === 1 ? 'item' : 'items'}${shown.data.total > items.length ? `, showing the newest ${items.length}` : ''}`}
          </p>
          {items.length === 0 ? (
            <EmptyList tab={tab} q={q} drafts={drafts} onNew={() => openItem(NEW_ITEM)} />
          ) : (
            <ul className={styles.grid} aria-label="Pre-owned items">
              {items.map((item) => (
                <li key={item.id}>
                  <PreownedCard item={item} currency={scope?.currency ?? 'USD'} onOpen={openItem} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <PreownedEditorDrawer scope={scope} itemId={itemId} onClose={() => setParam('item', null)} />
    </AppPage>
  );
}
