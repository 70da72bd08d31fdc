import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import type { OutboxMessage } from '@tradepost/shared/schemas/outbox.ts';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { Sensitive } from '../demo-mode/sensitive.tsx';
import { useAppToast } from '../notifications/use-app-toast.tsx';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(680px, calc(100vw - 24px))' },
  content: { display: 'flex', flexDirection: 'column', gap: '16px' },
  facts: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 16px', margin: 0 },
  term: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground3, alignSelf: 'baseline' },
  fact: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
  // The mail as it was written: its line breaks kept, its long links wrapped rather than cut off.
  text: {
    ...typographyStyles.body1,
    margin: 0,
    padding: '12px 16px',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyBase,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
});

/** One unsent mail, opened from the outbox: who it was for, when, and its text to read or copy. */
export function OutboxMessageDialog({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const styles = useStyles();
  const toast = useAppToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.text);
      toast({ intent: 'success', title: 'Message copied' });
    } catch {
      toast({ intent: 'error', title: 'Copy failed', body: 'Select the text and copy it by hand.' });
    }
  };
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{message.subject}</DialogTitle>
          <DialogContent className={styles.content}>
            <dl className={styles.facts}>
              <dt className={styles.term}>To</dt>
              <dd className={styles.fact}>
                <Sensitive kind="contact">{message.to}</Sensitive>
              </dd>
              <dt className={styles.term}>Kept</dt>
              <dd className={styles.fact}>
                <time dateTime={message.created_at}>{formatWhen(message.created_at)}</time>, not sent
              </dd>
            </dl>
            <pre className={styles.text}>{message.text}</pre>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" icon={<CopyRegular />} onClick={() => void copy()}>
              Copy text
            </Button>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
