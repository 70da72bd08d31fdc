import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router-dom';
import { isConnectionPlatform, platformLabels } from './connection-labels.ts';

/** What the OAuth callback sent the browser back with: `?connected=ebay`, or `?error=…&platform=ebay`. */
export type ConnectionOutcomeValue = { platform: string; error: string | null; dismiss: () => void };

export function useConnectionOutcome(): ConnectionOutcomeValue | null {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const error = params.get('error');
  if (connected === null && error === null) return null;
  return {
    platform: connected ?? params.get('platform') ?? '',
    error,
    // Dismissing clears it from the address, so a reload does not show it again.
    dismiss: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ['connected', 'error', 'platform']) next.delete(key);
          return next;
        },
        { replace: true },
      ),
  };
}

/** The outcome of connecting, shown until dismissed. */
export function ConnectionOutcome({ outcome }: { outcome: ConnectionOutcomeValue }) {
  const label = isConnectionPlatform(outcome.platform) ? platformLabels[outcome.platform] : 'The marketplace';
  const failed = outcome.error !== null;
  return (
    <MessageBar intent={failed ? 'error' : 'success'} role={failed ? 'alert' : 'status'}>
      <MessageBarBody>
        <MessageBarTitle>{failed ? `${label} was not connected` : `${label} connected`}</MessageBarTitle>
        {outcome.error ?? 'Stock sync is on. Check which locations it sells from below, then list products from Listings.'}
      </MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" aria-label="Dismiss" icon={<DismissRegular />} onClick={outcome.dismiss} />}
      />
    </MessageBar>
  );
}
