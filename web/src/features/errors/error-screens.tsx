import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  BoxDismissRegular,
  ErrorCircleRegular,
  FlashRegular,
  HomeRegular,
  PlugDisconnectedRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { isChunkLoadError } from '@tradepost/shared/query/policy.ts';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { ButtonLink } from '../navigation/router-link.tsx';
import { clearCachesAndReload } from '../runtime/clear-app-caches.ts';
import { useCurrentUser } from '../session/use-current-user.ts';
import { describeRouteError } from './error-message.ts';
import { ErrorScreenLayout } from './error-screen-layout.tsx';
import { productsRetryCountAtom } from './products-retry-count-atom.ts';
import { retryBudget } from './retry-budget.ts';
import { useRecordError } from './use-record-error.ts';
import { useRetryRoute } from './use-retry-route.ts';

/** Spec §8, word for word. */
export const CHUNK_LOAD_MESSAGE = 'A component failed to load due to a network issue. Would you like to refresh the page?';

const useStyles = makeStyles({
  details: {
    textAlign: 'left',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    '& summary': { cursor: 'pointer', width: 'fit-content', marginInline: 'auto' },
  },
  code: {
    margin: `${tokens.spacingVerticalS} 0 0`,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    maxHeight: '160px',
    overflowY: 'auto',
  },
  account: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    textAlign: 'left',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    ...typographyStyles.body1,
  },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalS,
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
});

function ErrorDetails({ error }: { error: unknown }) {
  const styles = useStyles();
  if (error === undefined || error === null) return null;
  return (
    <details className={styles.details}>
      <summary>Technical details</summary>
      <pre className={styles.code}>{describeRouteError(error)}</pre>
    </details>
  );
}

const reload = () => window.location.reload();
// A full navigation: whatever broke this page is left behind with it.
const goHome = () => window.location.assign('/');

/** Spec §2, §4: a page's code failed to load; refreshing the page fetches it again. */
export function ChunkLoadRecoveryScreen() {
  return (
    <ErrorScreenLayout
      placement="page"
      icon={<PlugDisconnectedRegular />}
      tone="warning"
      title="This page could not load"
      text={CHUNK_LOAD_MESSAGE}
      actions={
        <>
          <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={reload}>
            Refresh Page
          </Button>
          <Button onClick={goHome}>Go home</Button>
        </>
      }
    />
  );
}

/** Spec §2: the Application error screen (reload, clear cache and reload, go home). */
export function ApplicationErrorScreen({ error }: { error: unknown }) {
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);
  return (
    <ErrorScreenLayout
      placement="page"
      icon={<ErrorCircleRegular />}
      tone="error"
      title="Application error"
      text="Something went wrong and this screen stopped. Reloading usually fixes it; if it keeps happening, clear the cache and reload."
      actions={
        <>
          <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={reload}>
            Reload
          </Button>
          <Button
            disabledFocusable={clearing}
            onClick={() => {
              setClearing(true);
              void clearCachesAndReload({ queryClient });
            }}
          >
            Clear cache and reload
          </Button>
          <Button onClick={goHome}>Go home</Button>
        </>
      }
    >
      <ErrorDetails error={error} />
    </ErrorScreenLayout>
  );
}

/**
 * The router's errorElement: a page whose code failed to load gets the chunk-load recovery screen
 * with a refresh; anything else the Application error screen.
 */
export function AppErrorScreen() {
  const error = useRouteError();
  useRecordError(error, 'Route error');
  return isChunkLoadError(error) ? <ChunkLoadRecoveryScreen /> : <ApplicationErrorScreen error={error} />;
}

type RetryableScreenProps = {
  /** What Retry does; by default the route renders again. */
  onRetry?: () => void;
  /** The failure, when the page caught it itself; as errorElement the route's error is used. */
  error?: unknown;
};

/**
 * Spec §2: the products error page. Retry up to 3 times (the count outlives the screen, which each
 * retry replaces), then only Reload; Go to dashboard always.
 */
export function ProductsErrorScreen({ onRetry, error }: RetryableScreenProps = {}) {
  const routeError = useRouteError();
  const shown = error ?? routeError;
  useRecordError(shown, 'Products error');
  const retryRoute = useRetryRoute();
  const [used, setUsed] = useAtom(productsRetryCountAtom);
  const budget = retryBudget(used);

  const retry = () => {
    setUsed((count) => count + 1);
    (onRetry ?? retryRoute)();
  };

  return (
    <ErrorScreenLayout
      placement="inline"
      icon={<BoxDismissRegular />}
      tone="error"
      title="Products could not load"
      text={
        budget.canRetry
          ? 'The product catalog did not load. Try again; if it still fails, reload the page.'
          : 'The product catalog still did not load after several tries. Reload the page to start afresh.'
      }
      actions={
        <>
          {budget.canRetry ? (
            <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={retry}>
              {`Retry (${budget.remaining} ${budget.remaining === 1 ? 'try' : 'tries'} left)`}
            </Button>
          ) : (
            <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={reload}>
              Reload
            </Button>
          )}
          <ButtonLink to="/dashboard">Go to dashboard</ButtonLink>
        </>
      }
    >
      <ErrorDetails error={shown} />
    </ErrorScreenLayout>
  );
}

function AccountInfo() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  if (user === undefined) return null;
  return (
    <dl className={styles.account} aria-label="Account">
      <dt className={styles.term}>Signed in as</dt>
      <dd className={styles.detail}>{user.email}</dd>
      <dt className={styles.term}>Business</dt>
      <dd className={styles.detail}>{user.business.business_name}</dd>
    </dl>
  );
}

/**
 * Spec §2: the settings unavailable page: Retry, Force refresh (clear caches, then reload), the way to
 * the dashboard and quick actions, and which account is signed in.
 */
export function SettingsUnavailableScreen({ onRetry, error }: RetryableScreenProps = {}) {
  const styles = useStyles();
  const routeError = useRouteError();
  const shown = error ?? routeError;
  useRecordError(shown, 'Settings unavailable');
  const retryRoute = useRetryRoute();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  return (
    <ErrorScreenLayout
      placement="inline"
      icon={<SettingsRegular />}
      tone="warning"
      title="Settings are unavailable"
      text="Your settings could not be loaded right now. Try again, or force a refresh to load the latest version of the app."
      actions={
        <>
          <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={onRetry ?? retryRoute}>
            Retry
          </Button>
          <Button
            disabledFocusable={refreshing}
            onClick={() => {
              setRefreshing(true);
              void clearCachesAndReload({ queryClient });
            }}
          >
            Force refresh
          </Button>
        </>
      }
    >
      <nav className={styles.links} aria-label="Elsewhere in Tradepost">
        <ButtonLink to="/dashboard" appearance="subtle" icon={<HomeRegular />}>
          Go to dashboard
        </ButtonLink>
        <ButtonLink to="/quick-actions" appearance="subtle" icon={<FlashRegular />}>
          Quick actions
        </ButtonLink>
      </nav>
      <AccountInfo />
    </ErrorScreenLayout>
  );
}
