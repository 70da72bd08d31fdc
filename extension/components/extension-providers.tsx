import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState, useSyncExternalStore } from 'react';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToColorScheme(onChange: () => void): () => void {
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribeToColorScheme, () => window.matchMedia(darkQuery).matches);
}

/**
 * Fluent theme (following the browser's colour scheme) and the query client for an extension page,
 * or for a panel inside a marketplace page's shadow root (`targetDocument`: see shadow-document.ts).
 */
export function ExtensionProviders({ children, targetDocument }: { children: ReactNode; targetDocument?: Document }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // Every call is a message to the local worker; the worker decides about retries.
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
      }),
  );
  const theme = usePrefersDark() ? webDarkTheme : webLightTheme;
  return (
    <QueryClientProvider client={queryClient}>
      <FluentProvider theme={theme} style={{ minHeight: '100%' }} targetDocument={targetDocument}>
        {children}
      </FluentProvider>
    </QueryClientProvider>
  );
}
