import { makeStyles, Skeleton, SkeletonItem } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import type { OutboxMessage } from '@tradepost/shared/schemas/outbox.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { LoadFailed } from '../layout/load-failed.tsx';
import { useBusinessScope } from '../session/use-business-scope.ts';
import { useCan } from '../session/use-can.ts';
import { OutboxMessageDialog } from './outbox-message-dialog.tsx';
import { OutboxView } from './outbox-view.tsx';
import { useOutbox } from './use-outbox.ts';

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: '10px' },
});

function OutboxContent() {
  const styles = useStyles();
  const outbox = useOutbox(useBusinessScope());
  const [opened, setOpened] = useState<OutboxMessage | null>(null);
  if (outbox.isPending) {
    return (
      <Skeleton aria-label="Loading the outbox" className={styles.rows}>
        {['a', 'b', 'c'].map((key) => (
          <SkeletonItem key={key} size={24} />
        ))}
      </Skeleton>
    );
  }
  if (outbox.isError) return <LoadFailed subject="The outbox" onRetry={() => void outbox.refetch()} retrying={outbox.isFetching} />;
  return (
    <>
      <OutboxView outbox={outbox.data} onOpen={setOpened} />
      {opened === null ? null : <OutboxMessageDialog message={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

/**
 * Settings › Outbox, for the owner alone: the mail Tradepost could not send because no SMTP server
 * is configured, so an invitation link still reaches the person it is for. Other roles never see
 * the section nor ask for it (a 403 would end their session).
 */
export function OutboxSection() {
  const allowed = useCan()('outbox:read');
  if (!allowed) return null;
  return (
    <PageSection
      id="outbox-title"
      title="Outbox"
      description="Mail Tradepost could not send, such as invitations to your team and sign-in alerts. Only the owner sees it."
      icon={<MailRegular />}
    >
      <OutboxContent />
    </PageSection>
  );
}
