import { Button, MessageBar, MessageBarBody, makeStyles, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import type { SessionState } from '../../lib/messages.ts';
import type { PageWatcher } from '../../lib/page-watcher.ts';
import type { MarketplaceSite } from '../../lib/readers/captured-listing.ts';
import { siteLabels } from '../../lib/sites.ts';
import { ChevronDownIcon, TradepostMark } from '../icons.tsx';
import { extensionQueryKey } from '../use-session.ts';
import { useListingLookup } from '../use-tradepost.ts';
import { ListingView } from './listing-view.tsx';
import type { PageSettingsStore } from './page-settings-store.ts';
import { RepricingView } from './repricing-view.tsx';

const useStyles = makeStyles({
  // Fixed to the corner, above the page, never wider than a phone's screen allows.
  dock: {
    position: 'fixed',
    right: '16px',
    bottom: '16px',
    zIndex: 2147483646,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    maxWidth: 'calc(100vw - 24px)',
    '@media (max-width: 480px)': { right: '12px', bottom: '12px' },
  },
  card: {
    width: '380px',
    maxWidth: '100%',
    maxHeight: 'min(640px, calc(100vh - 32px))',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow28,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  site: { color: tokens.colorNeutralForeground3, flexGrow: 1 },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    overflowY: 'auto',
  },
});

/**
 * The panel beside a marketplace page, open as a card (folded, it is the content script's button;
 * the state is remembered per site). It reads the page through the watcher and asks the background
 * worker about the item.
 */
export function PagePanel({ site, watcher, settings }: { site: MarketplaceSite; watcher: PageWatcher; settings: PageSettingsStore }) {
  const styles = useStyles();
  const bodyId = useId();
  const queryClient = useQueryClient();
  const reading = useSyncExternalStore(watcher.subscribe, watcher.get);
  const current = useSyncExternalStore(settings.subscribe, settings.get);
  const session = current?.session ?? null;
  const sessionKey = session === null ? null : JSON.stringify(session);
  // Signed in, out or as someone else: what was read with the old session is read again.
  useEffect(() => {
    if (sessionKey !== null) void queryClient.invalidateQueries({ queryKey: extensionQueryKey });
  }, [sessionKey, queryClient]);
  const setCollapsed = (value: boolean) => void settings.setCollapsed(value);

  // Pages no reader knows (a search page, the admin's home) get no panel at all; a folded panel is
  // the content script's own button (panel-launcher.ts), which needs no React.
  if (reading.status === 'unsupported' || current === null || current.collapsed) return null;

  return (
    <div className={styles.dock}>
      <section className={styles.card} aria-label="Tradepost">
        <header className={styles.header}>
          <TradepostMark />
          <Text className={styles.brand}>Tradepost</Text>
          <Text size={200} className={styles.site}>
            on {siteLabels[site]}
          </Text>
          <Button
            appearance="subtle"
            icon={<ChevronDownIcon />}
            aria-label="Fold the Tradepost panel"
            aria-expanded
            aria-controls={bodyId}
            onClick={() => setCollapsed(true)}
          />
        </header>
        <div className={styles.body} id={bodyId}>
          {reading.status === 'no-listing' ? (
            <Text size={200}>This page shows no single listing. Open one listing to see it beside your Tradepost stock.</Text>
          ) : (
            <SignedInPanel listing={reading.listing} session={current.session} />
          )}
        </div>
      </section>
    </div>
  );
}

function SignedInPanel({
  listing,
  session,
}: {
  listing: Extract<ReturnType<PageWatcher['get']>, { status: 'read' }>['listing'];
  session: SessionState;
}) {
  const signedIn = session.status === 'signed-in';
  const lookup = useListingLookup(signedIn ? listing : null);
  const [tab, setTab] = useState<'listing' | 'repricing'>('listing');

  if (!signedIn) {
    return (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>
          Sign in to Tradepost with the Tradepost button in the toolbar to see your stock beside this listing.
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <>
      <TabList size="small" selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'listing' | 'repricing')}>
        <Tab value="listing">Listing</Tab>
        <Tab value="repricing">Repricing</Tab>
      </TabList>
      {tab === 'listing' ? (
        <ListingView listing={listing} lookup={lookup} />
      ) : lookup.data !== undefined ? (
        <RepricingView listing={listing} lookup={lookup.data} />
      ) : lookup.error !== null ? (
        <MessageBar intent="error">
          <MessageBarBody>{lookup.error.message}</MessageBarBody>
        </MessageBar>
      ) : (
        <Spinner size="tiny" label="Looking for it in your catalog" labelPosition="after" />
      )}
    </>
  );
}
