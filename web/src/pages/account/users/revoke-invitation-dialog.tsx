import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import type { Invitation } from '@tradepost/shared/schemas/users.ts';

type RevokeInvitationDialogProps = {
  invitation: Invitation | null;
  pending: boolean;
  onConfirm: (invitation: Invitation) => void;
  onDismiss: () => void;
};

/** Asks before revoking: the link stops working at once and the person would need a new invitation. */
export function RevokeInvitationDialog({ invitation, pending, onConfirm, onDismiss }: RevokeInvitationDialogProps) {
  return (
    <Dialog
      open={invitation !== null}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !pending) onDismiss();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Revoke this invitation?</DialogTitle>
          <DialogContent>
            The link sent to {invitation?.email} stops working at once. You can invite the same address again afterwards.
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={pending} onClick={onDismiss}>
              Keep it
            </Button>
            <Button
              appearance="primary"
              disabledFocusable={pending}
              icon={pending ? <Spinner size="tiny" /> : undefined}
              onClick={() => {
                if (invitation !== null) onConfirm(invitation);
              }}
            >
              Revoke invitation
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
