import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { DismissCircleRegular } from '@fluentui/react-icons';
import type { Transfer } from '@tradepost/shared/schemas/inventory.ts';
import { useState } from 'react';
import { useCancelTransfer } from '../../../features/inventory/use-transfers.ts';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

/** Draft: nothing moved, it is dropped. In transit: what has not arrived goes back to the origin. */
export function CancelTransferButton({ transfer, from }: { transfer: Transfer; from: string }) {
  const scope = useBusinessScope();
  const cancel = useCancelTransfer(scope);
  const toast = useAppToast();
  const [open, setOpen] = useState(false);
  const openUnits = transfer.lines.reduce((n, line) => n + line.quantity - line.quantity_received, 0);
  const consequence =
    transfer.status === 'draft'
      ? 'Nothing has been sent, so no stock moves.'
      : `${openUnits} unit${openUnits === 1 ? '' : 's'} not received yet go back to ${from}. What was received stays.`;
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<DismissCircleRegular />}>Cancel transfer</Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Cancel this transfer?</DialogTitle>
          <DialogContent>
            {consequence}
            {cancel.isError ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{cancel.error.message}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>Keep it</Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              icon={cancel.isPending ? <Spinner size="tiny" /> : undefined}
              disabledFocusable={cancel.isPending}
              onClick={() =>
                cancel.mutate(transfer.id, {
                  onSuccess: () => {
                    setOpen(false);
                    toast({ intent: 'success', title: 'Transfer cancelled', body: consequence });
                  },
                })
              }
            >
              Cancel transfer
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
