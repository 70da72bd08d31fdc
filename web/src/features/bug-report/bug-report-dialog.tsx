import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Spinner,
  Textarea,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { createBugReportBodySchema } from '@tradepost/shared/schemas/bug-reports.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import { useAppToast } from '../notifications/use-app-toast.tsx';
import { currentRoute, recentClientErrors } from './client-error-log.ts';
import { useSendBugReport } from './use-send-bug-report.ts';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: 'calc(100vw - 32px)' },
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  intro: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  textarea: { width: '100%' },
  attached: {
    ...typographyStyles.caption1,
    margin: 0,
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  route: { fontFamily: tokens.fontFamilyMonospace },
});

type BugReportDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

const descriptionRule = createBugReportBodySchema.shape.description;

function errorCountText(count: number): string {
  if (count === 0) return 'no recent errors';
  return count === 1 ? '1 recent error' : `${count} recent errors`;
}

/**
 * The Report Bug modal (spec §1): the user's words plus what the app knows on its own (the page,
 * the app version, the browser and the tab's last errors), sent to POST /bug-reports for the admins.
 */
export function BugReportDialog({ open, onOpenChange }: BugReportDialogProps) {
  const styles = useStyles();
  const toast = useAppToast();
  const send = useSendBugReport();
  const [description, setDescription] = useState('');
  const [localError, setLocalError] = useState<string | undefined>(undefined);
  const [context, setContext] = useState({ route: '/', errors: 0 });
  const { reset } = send;

  // Each opening starts clean and describes the page the user is on now.
  useEffect(() => {
    if (!open) return;
    setDescription('');
    setLocalError(undefined);
    reset();
    setContext({ route: currentRoute() ?? '/', errors: recentClientErrors().length });
  }, [open, reset]);

  const serverErrors = send.isError
    ? apiFormErrors(send.error, ['description'], 'Your report could not be sent. Please try again.')
    : undefined;
  const descriptionError = localError ?? serverErrors?.fields.description;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = descriptionRule.safeParse(description);
    if (!checked.success) {
      setLocalError(checked.error.issues[0]?.message ?? 'Describe what happened');
      return;
    }
    setLocalError(undefined);
    send.mutate(description, {
      onSuccess: () => {
        toast({ intent: 'success', title: 'Bug report sent', body: 'Thank you. The Tradepost team reads every report.' });
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        // Closing while the report is on its way would hide whether it arrived.
        if (!data.open && send.isPending) return;
        onOpenChange(data.open);
      }}
    >
      <DialogSurface className={styles.surface}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>Report Bug</DialogTitle>
            <DialogContent className={styles.form}>
              <p className={styles.intro}>Tell us what you were doing, what you expected and what happened instead.</p>
              <FormErrorAlert message={serverErrors?.general} />
              <Field label="What happened?" required validationMessage={descriptionError}>
                <Textarea
                  className={styles.textarea}
                  resize="vertical"
                  rows={6}
                  maxLength={5000}
                  value={description}
                  disabled={send.isPending}
                  onChange={(_, data) => {
                    setDescription(data.value);
                    if (localError !== undefined) setLocalError(undefined);
                  }}
                />
              </Field>
              <p className={styles.attached}>
                Sent with your report: this page (<span className={styles.route}>{context.route}</span>), the app version, your browser and{' '}
                {errorCountText(context.errors)} from this tab. Passwords and sign-in tokens are never included.
              </p>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={send.isPending} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={send.isPending}
                icon={send.isPending ? <Spinner size="tiny" /> : undefined}
              >
                {send.isPending ? 'Sending…' : 'Send report'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
