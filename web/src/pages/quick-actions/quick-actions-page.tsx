import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import {
  ArrowSwapRegular,
  BoxArrowLeftRegular,
  MoneyHandRegular,
  PaymentRegular,
  SearchRegular,
  ShoppingBagRegular,
} from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useHref, useLinkClickHandler, useLocation } from 'react-router-dom';
import { HighestBidPanel } from '../../features/highest-bid/highest-bid-panel.tsx';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { InStorePurchaseSection } from '../in-store-purchase/in-store-purchase-section.tsx';
import { CheckPayoutsSection } from '../payouts/check-payouts-section.tsx';
import { TradeSection } from '../trade/trade-section.tsx';
import { InventorySearchPanel } from './inventory-search-panel.tsx';
import { anchorFromHash, type QuickAction, type QuickActionAnchor, quickActions, scanTargetFor } from './quick-action-anchors.ts';
import { SingleProductIntakePanel } from './single-product-intake-panel.tsx';

const useStyles = makeStyles({
  index: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: '8px',
    margin: 0,
    padding: 0,
    listStyle: 'none',
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    height: '100%',
    boxSizing: 'border-box',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, border: `1px solid ${tokens.colorNeutralStroke1Hover}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  cardCurrent: { border: `2px solid ${tokens.colorBrandStroke1}`, padding: '9px 11px' },
  cardTitle: { ...typographyStyles.body1Strong },
  cardSummary: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  // The anchor target: lands below the sticky top bar; its outline shows where the jump went.
  anchor: {
    scrollMarginTop: '72px',
    borderRadius: tokens.borderRadiusXLarge,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

const icons: Record<QuickActionAnchor, ReactNode> = {
  'in-store-purchase': <ShoppingBagRegular />,
  trade: <ArrowSwapRegular />,
  'highest-bid': <MoneyHandRegular />,
  'check-payouts': <PaymentRegular />,
  'inventory-search': <SearchRegular />,
  'single-product-intake': <BoxArrowLeftRegular />,
};

function IndexCard({ action, current }: { action: QuickAction; current: boolean }) {
  const styles = useStyles();
  const to = { hash: `#${action.anchor}` };
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a
      href={href}
      onClick={onClick}
      className={mergeClasses(styles.card, current && styles.cardCurrent)}
      aria-current={current ? 'location' : undefined}
    >
      <span className={styles.cardTitle}>{action.title}</span>
      <span className={styles.cardSummary}>{action.summary}</span>
    </a>
  );
}

/**
 * /quick-actions: the counter's screen. Six panels, each its own anchor (spec §2); opening
 * `/quick-actions#x` (or a redirect such as /trade) scrolls to panel x and focuses it, its field
 * when it has one. Hardware scans go to the intake while it is in use, else to the search.
 */
export function QuickActionsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const location = useLocation();
  const target = anchorFromHash(location.hash);
  const [inUse, setInUse] = useState<QuickActionAnchor | null>(target);
  const searchRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The app scrolls to the top on a route change (root layout), so the jump waits for that first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key: the same anchor chosen again jumps again.
  useEffect(() => {
    if (target === null) return;
    setInUse(target);
    const timer = window.setTimeout(() => {
      const section = document.getElementById(target);
      if (section === null) return;
      section.scrollIntoView({ block: 'start' });
      const field = target === 'inventory-search' ? searchRef.current : target === 'single-product-intake' ? codeRef.current : section;
      field?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [target, location.key]);

  const scanTarget = scanTargetFor(inUse);
  const anchor = (id: QuickActionAnchor, children: ReactNode) => (
    // The wrapper is the anchor's target. Focus inside a panel makes it the one in use (where scans go).
    // biome-ignore lint/a11y/noStaticElementInteractions: focus is only noted here, it does nothing for the user.
    <div id={id} tabIndex={-1} className={styles.anchor} onFocus={() => setInUse(id)}>
      {children}
    </div>
  );

  return (
    <AppPage
      title="Quick Actions"
      description="The counter’s shortcuts: look stock up, take an item in, and see what to pay — each one key or scan away."
    >
      <nav aria-label="Quick actions">
        <ul className={styles.index}>
          {quickActions.map((action) => (
            <li key={action.anchor}>
              <IndexCard action={action} current={action.anchor === target} />
            </li>
          ))}
        </ul>
      </nav>

      {anchor('in-store-purchase', <InStorePurchaseSection icon={icons['in-store-purchase']} />)}
      {anchor('trade', <TradeSection icon={icons.trade} />)}
      {anchor(
        'highest-bid',
        <PageSection id="highest-bid-title" title="Highest bid" icon={icons['highest-bid']}>
          <HighestBidPanel />
        </PageSection>,
      )}
      {anchor('check-payouts', <CheckPayoutsSection icon={icons['check-payouts']} />)}
      {anchor(
        'inventory-search',
        <PageSection
          id="inventory-search-title"
          title="Inventory search"
          icon={icons['inventory-search']}
          description="Find an item and its stock at every location, by typing or scanning."
        >
          <InventorySearchPanel scope={scope} inputRef={searchRef} scanActive={scanTarget === 'search'} />
        </PageSection>,
      )}
      {anchor(
        'single-product-intake',
        <PageSection
          id="single-product-intake-title"
          title="Single-product intake"
          icon={icons['single-product-intake']}
          description="Scan or type one item, then add it to stock with its cost and where it came from."
        >
          <SingleProductIntakePanel scope={scope} codeRef={codeRef} scanActive={scanTarget === 'intake'} />
        </PageSection>,
      )}
    </AppPage>
  );
}
