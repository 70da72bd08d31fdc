import { FluentProvider, makeStaticStyles, makeStyles, RendererProvider } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useMemo } from 'react';
import { densityScaleAtom } from '../features/preferences/density-scale-atom.ts';
import { fontScaleAtom } from '../features/preferences/font-scale-atom.ts';
import { useResolvedTheme } from '../features/preferences/use-resolved-theme.ts';
import { deferred } from '../features/shell/deferred.tsx';
import { queryClient } from './query-client.ts';
import { appStore } from './store.ts';
import { styleRenderer } from './style-renderer.ts';
import { scaleTheme, themes } from './theme.ts';

// The toaster is not part of any first screen (issue #16): it loads once the app has mounted.
const Toasts = deferred(() => import('./toaster-host.tsx').then((module) => module.ToasterHost));

const useGlobalStyles = makeStaticStyles({
  'html, body': { margin: 0, padding: 0 },
  '*, *::before, *::after': { boxSizing: 'border-box' },
  '#root': { minHeight: '100dvh' },
});

const useStyles = makeStyles({
  root: { minHeight: '100dvh' },
});

function ThemedFluent({ children }: { children: ReactNode }) {
  useGlobalStyles();
  const styles = useStyles();
  const resolved = useResolvedTheme();
  const fontScale = useAtomValue(fontScaleAtom);
  const densityScale = useAtomValue(densityScaleAtom);
  // Spec §1, §5: light/dark from the saved choice or the system, text size and density on the tokens.
  const theme = useMemo(() => scaleTheme(themes[resolved], { fontScale, densityScale }), [resolved, fontScale, densityScale]);

  // The page behind the app (overscroll, scrollbars) follows the theme too.
  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = resolved;
    root.dataset.theme = resolved;
    document.body.style.backgroundColor = theme.colorNeutralBackground1;
  }, [resolved, theme]);

  // Fluent's tokens are in px and scaled above; sizes written in rem follow the root font size.
  useEffect(() => {
    document.documentElement.style.fontSize = `${fontScale * 100}%`;
  }, [fontScale]);

  return (
    // No className on the provider itself: Fluent copies it onto every portal node (toasts, menus),
    // so a min-height there would lay a full-screen sheet over the page whenever a toast shows.
    <FluentProvider theme={theme}>
      <div className={styles.root}>{children}</div>
      <Toasts />
    </FluentProvider>
  );
}

/** Client state (jotai), server state (TanStack Query), the style renderer and Fluent, around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <RendererProvider renderer={styleRenderer} targetDocument={document}>
          <ThemedFluent>{children}</ThemedFluent>
        </RendererProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
