import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';

type LoadFailedProps = {
  /** What failed, as the sentence's subject: "The counts", "Sync health". */
  subject: string;
  /** Usually `() => void query.refetch()`; refetch every query that failed. */
  onRetry: () => unknown;
  /** While true (the query's `isFetching`) the button waits, so a second click does not queue another request. */
  retrying?: boolean;
  className?: string;
};

/**
 * The one way a screen says its data did not load. The retry is in place: reloading the page would
 * restart the whole app and lose what the user typed or filtered, for a request that usually just
 * needs asking again.
 */
export function LoadFailed({ subject, onRetry, retrying = false, className }: LoadFailedProps) {
  return (
    <MessageBar intent="error" className={className}>
      <MessageBarBody>
        {subject} could not be loaded.{' '}
        <Button
          size="small"
          appearance="transparent"
          disabledFocusable={retrying}
          icon={retrying ? <Spinner size="tiny" /> : undefined}
          onClick={() => onRetry()}
        >
          Try again
        </Button>
      </MessageBarBody>
    </MessageBar>
  );
}
