import { Link, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { MailCheckmarkRegular, MailOffRegular } from '@fluentui/react-icons';
import type { Outbox, OutboxMessage } from '@tradepost/shared/schemas/outbox.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { Sensitive } from '../demo-mode/sensitive.tsx';
import { EmptyState } from '../layout/empty-state.tsx';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  subject: { textAlign: 'start', fontWeight: tokens.fontWeightRegular, minWidth: '200px' },
  // The subject is the row's button: it reads as a link and wraps like text.
  open: { ...typographyStyles.body1Strong, textAlign: 'start' },
  recipient: { minWidth: '160px', overflowWrap: 'anywhere' },
});

/** The variable itself, as it is typed where the server runs. */
function SmtpUrl() {
  return <code className={useStyles().code}>SMTP_URL</code>;
}

/** What to do about it, the same words wherever the outbox says mail is not being sent. */
function HowToSend() {
  return (
    <>
      To send mail instead, set <SmtpUrl /> to your mail server (for example smtp://user:password@mail.example.com:587) where Tradepost
      runs, and restart it.
    </>
  );
}

export const NOT_SENDING = 'Mail is not being sent: no SMTP server is configured';

function MessageTable({ items, onOpen }: { items: readonly OutboxMessage[]; onOpen: (message: OutboxMessage) => void }) {
  const styles = useStyles();
  const table = useTableStyles();
  return (
    <DataTable
      label="Unsent mail, newest first"
      head={
        <>
          <th scope="col" className={table.th}>
            Subject
          </th>
          <th scope="col" className={table.th}>
            To
          </th>
          <th scope="col" className={table.th}>
            When
          </th>
        </>
      }
    >
      {items.map((message) => (
        <tr key={message.id}>
          <th scope="row" className={`${table.td} ${styles.subject}`}>
            <Link as="button" className={styles.open} onClick={() => onOpen(message)}>
              {message.subject}
            </Link>
          </th>
          <td className={`${table.td} ${styles.recipient}`}>
            <Sensitive kind="contact">{message.to}</Sensitive>
          </td>
          <td className={`${table.td} ${table.nowrap}`}>
            <time dateTime={message.created_at}>{formatWhen(message.created_at)}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * The outbox as it stands: whether mail is sent, what to do when it is not, and the mail that was
 * kept instead, newest first, each opened by its subject.
 */
export function OutboxView({ outbox, onOpen }: { outbox: Outbox; onOpen: (message: OutboxMessage) => void }) {
  const styles = useStyles();
  const { smtp_configured: sending, items } = outbox;

  if (items.length === 0) {
    return sending ? (
      <EmptyState id="outbox-empty" headingLevel={3} title="Mail is being sent" icon={<MailCheckmarkRegular />} tone="success">
        Tradepost sends mail through the SMTP server set in <SmtpUrl />, so nothing waits here.
      </EmptyState>
    ) : (
      <EmptyState id="outbox-empty" headingLevel={3} title={NOT_SENDING} icon={<MailOffRegular />}>
        Messages that would have been sent, such as invitations to your team, appear here. <HowToSend />
      </EmptyState>
    );
  }

  return (
    <div className={styles.body}>
      {sending ? (
        <MessageBar intent="info">
          <MessageBarBody>
            Mail is now sent through the SMTP server set in <SmtpUrl />. These messages were kept before it was set up and were never sent.
          </MessageBarBody>
        </MessageBar>
      ) : (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{NOT_SENDING}.</MessageBarTitle>
            The messages below would have been sent; open one to read it or copy its link. <HowToSend />
          </MessageBarBody>
        </MessageBar>
      )}
      <MessageTable items={items} onOpen={onOpen} />
    </div>
  );
}
