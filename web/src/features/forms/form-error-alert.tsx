import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** A form's one error that belongs to no single field, announced to screen readers; nothing when there is none. */
export function FormErrorAlert({ message }: { message: string | null | undefined }) {
  if (message === null || message === undefined) return null;
  return (
    <div role="alert">
      <MessageBar intent="error">
        <MessageBarBody>{message}</MessageBarBody>
      </MessageBar>
    </div>
  );
}
