import { Button, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, DocumentEditRegular, TagRegular } from '@fluentui/react-icons';
import type { PreownedItem } from '@tradepost/shared/schemas/preowned.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { DeleteDraftDialog } from '../../../features/preowned/delete-draft-dialog.tsx';
import { NEW_ITEM, PreownedEditorDrawer } from '../../../features/preowned/preowned-editor-drawer.tsx';
import { usePreownedList } from '../../../features/preowned/use-preowned.ts';
import { useDeletePreowned } from '../../../features/preowned/use-preowned-mutations.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { DraftRow } from './draft-row.tsx';

const useStyles = makeStyles({
  headerActions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' },
  status: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  emptyActions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  loading: { padding: '48px 0' },
});

/** preowned/drafts: items captured (often on a phone) but not finished, with what each still needs. */
export function PreownedDraftsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const toast = useAppToast();
  const [params, setParams] = useSearchParams();
  const itemId = params.get('item');
  const drafts = usePreownedList(scope, { status: 'draft', q: '' });
  const remove = useDeletePreowned(scope);
  const [deleting, setDeleting] = useState<PreownedItem | null>(null);
  const items = drafts.data?.items ?? [];

  const setItem = (value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null) next.delete('item');
      else next.set('item', value);
      return next;
    });

  const actions = (
    <div className={styles.headerActions}>
      <ButtonLink to="/preowned" icon={<TagRegular />}>
        All pre-owned items
      </ButtonLink>
      <Button appearance="primary" icon={<AddRegular />} onClick={() => setItem(NEW_ITEM)}>
        New pre-owned item
      </Button>
    </div>
  );

  return (
    <AppPage
      title="Pre-Owned Drafts"
      description="Items saved before they were finished. Add what each one is missing, then publish it into stock."
      actions={actions}
    >
      {drafts.isError && drafts.data === undefined ? (
        <LoadFailed subject="The drafts" onRetry={() => void drafts.refetch()} retrying={drafts.isFetching} />
      ) : drafts.data === undefined ? (
        <Spinner className={styles.loading} label="Loading drafts…" />
      ) : items.length === 0 ? (
        <PageSection
          id="drafts-empty"
          icon={<DocumentEditRegular />}
          title="No drafts waiting"
          description="A draft is a pre-owned item saved before it is finished, say a pair snapped on the floor with its photos and size. Start one with New pre-owned item and choose Save draft; it waits here until you publish it."
        >
          <div className={styles.emptyActions}>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setItem(NEW_ITEM)}>
              New pre-owned item
            </Button>
            <ButtonLink to="/preowned">See items for sale</ButtonLink>
          </div>
        </PageSection>
      ) : (
        <>
          <p className={styles.status} aria-live="polite">
            {drafts.data.total} {drafts.data.total === 1 ? 'draft' : 'drafts'} to finish
          </p>
          <ul className={styles.list} aria-label="Drafts">
            {items.map((item) => (
              <li key={item.id}>
                <DraftRow item={item} currency={scope?.currency ?? 'USD'} onOpen={setItem} onDelete={setDeleting} />
              </li>
            ))}
          </ul>
        </>
      )}
      <DeleteDraftDialog
        item={deleting}
        pending={remove.isPending}
        onDismiss={() => setDeleting(null)}
        onConfirm={(draft) =>
          remove.mutate(draft.id, {
            onSuccess: () => {
              toast({ intent: 'success', title: 'Draft deleted', body: draft.title });
              setDeleting(null);
            },
            onError: (error) => {
              setDeleting(null);
              toast({
                intent: 'error',
                title: 'The draft was not deleted',
                body: fieldErrors(error, () => false, 'Please try again.').general,
              });
            },
          })
        }
      />
      <PreownedEditorDrawer scope={scope} itemId={itemId} onClose={() => setItem(null)} />
    </AppPage>
  );
}
