import {
  Avatar,
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  SearchBox,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { displayName } from '@tradepost/shared/domain/session.ts';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import type { SessionState } from '../../lib/messages.ts';
import type { ProductSummary } from '../../lib/stock-view.ts';
import { Figures } from '../figures.tsx';
import { TradepostMark } from '../icons.tsx';
import { StockActions } from '../page-panel/stock-actions.tsx';
import { ProductHeading } from '../product-heading.tsx';
import { SignInPanel } from '../sign-in-panel.tsx';
import { StockTable } from '../stock-table.tsx';
import { useSession, useSignOut } from '../use-session.ts';
import { useProductSearch, useProductStock } from '../use-tradepost.ts';
import { BatchProgressSection } from './batch-progress.tsx';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    minHeight: '100vh',
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  brand: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  business: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  separated: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  results: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  result: {
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    textAlign: 'start',
    cursor: 'pointer',
    fontFamily: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  selected: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  thumb: {
    width: '36px',
    height: '36px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  resultText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  count: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/** The side panel: sign-in when signed out; otherwise inventory search, a product's stock, and batch progress. */
export function SidePanelApp() {
  const session = useSession();
  if (session.data?.status === 'signed-in') return <Workspace session={session.data} />;
  // Checking, an error or signed out: the sign-in panel shows each of those.
  return <SignInPanel />;
}

function Workspace({ session }: { session: Extract<SessionState, { status: 'signed-in' }> }) {
  const styles = useStyles();
  const signOut = useSignOut();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <TradepostMark />
        <div className={styles.who}>
          <Text className={styles.brand}>Tradepost</Text>
          <Text size={200} className={styles.business}>
            {session.user.business.business_name}
          </Text>
        </div>
        <Avatar size={28} name={displayName(session.user)} color="colorful" aria-hidden />
        <Button size="small" appearance="subtle" onClick={() => signOut.mutate()} disabledFocusable={signOut.isPending}>
          Sign out
        </Button>
      </header>
      <ProductSearch selected={selected} onSelect={setSelected} />
      {selected !== null && (
        <div className={styles.separated}>
          <ProductDetail productId={selected} />
        </div>
      )}
      <div className={styles.separated}>
        <BatchProgressSection />
      </div>
    </main>
  );
}

function ProductSearch({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const styles = useStyles();
  const [text, setText] = useState('');
  // Typing stays instant; the search follows the text once it has settled (one request, not one per key).
  const q = useDebouncedValue(text, 150).trim();
  const search = useProductSearch(q);
  const results = search.data ?? [];
  return (
    <section className={styles.section} aria-labelledby="tp-search-heading">
      <h2 className={styles.heading} id="tp-search-heading">
        Inventory
      </h2>
      <SearchBox
        placeholder="Title, style code, SKU or barcode"
        aria-label="Search your inventory"
        value={text}
        onChange={(_, data) => setText(data.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && results[0] !== undefined) onSelect(results[0].id);
        }}
      />
      {search.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{search.error.message}</MessageBarBody>
        </MessageBar>
      ) : search.isPending ? (
        <Spinner size="tiny" label="Searching" labelPosition="after" />
      ) : results.length === 0 ? (
        <Text size={200} className={styles.muted}>
          {q === ''
            ? 'No products yet. Add one in Tradepost, or capture a listing from a marketplace page.'
            : `Nothing matches “${q}”. Try a style code or part of the title.`}
        </Text>
      ) : (
        <ul className={styles.results} aria-label={q === '' ? 'Recently changed products' : `Products matching ${q}`}>
          {results.map((product) => (
            <li key={product.id}>
              <ResultButton product={product} selected={product.id === selected} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultButton({ product, selected, onSelect }: { product: ProductSummary; selected: boolean; onSelect: (id: string) => void }) {
  const styles = useStyles();
  const meta = [product.brand, product.style_code].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      className={mergeClasses(styles.result, selected && styles.selected)}
      aria-pressed={selected}
      onClick={() => onSelect(product.id)}
    >
      {product.image_url !== null && <img className={styles.thumb} src={product.image_url} alt="" />}
      <span className={styles.resultText}>
        <Text className={styles.ellipsis}>{product.title}</Text>
        {meta !== '' && (
          <Text size={200} className={mergeClasses(styles.muted, styles.ellipsis)}>
            {meta}
          </Text>
        )}
      </span>
      <Text size={200} className={styles.count}>
        {product.available} available
      </Text>
    </button>
  );
}

function ProductDetail({ productId }: { productId: string }) {
  const styles = useStyles();
  const stock = useProductStock(productId);
  if (stock.isPending) return <Spinner size="tiny" label="Loading stock" labelPosition="after" />;
  if (stock.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{stock.error.message}</MessageBarBody>
      </MessageBar>
    );
  }
  const data = stock.data;
  return (
    <section className={styles.section} aria-label={`Stock of ${data.product.title}`}>
      <ProductHeading product={data.product} />
      <Figures
        label="Stock figures"
        items={[
          { label: 'Available', value: data.totals.available, hint: `${data.totals.on_hand} on hand` },
          {
            label: 'Average cost',
            value: data.average_cost_cents === null ? '–' : formatMoney(data.average_cost_cents, data.currency),
            hint:
              data.totals.units_without_cost > 0
                ? `${data.totals.units_without_cost} ${data.totals.units_without_cost === 1 ? 'unit' : 'units'} without cost`
                : undefined,
          },
          { label: 'Value at cost', value: formatMoney(data.totals.value_at_cost_cents, data.currency) },
        ]}
      />
      <StockTable stock={data} />
      {/* The same quick actions as the page panel: open it, adjust stock, record a sale. */}
      <StockActions stock={data} currentVariantId={null} locations={data.locations} pagePriceCents={null} />
    </section>
  );
}
