import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArchiveRegular, ArrowUndoRegular, DeleteRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { useArchiveProduct, useDeleteProduct } from '../../../features/catalog/use-product-mutations.ts';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

type LifecycleSectionProps = { scope: BusinessScope | undefined; product: Product; dirty: boolean };

/**
 * Archive (hide, keep history) or delete (only a product that never held stock). The server decides
 * whether a delete is allowed; its answer is shown here as it gave it.
 */
export function LifecycleSection({ scope, product, dirty }: LifecycleSectionProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useAppToast();
  const archive = useArchiveProduct(scope, product.id);
  const remove = useDeleteProduct(scope, product.id);
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState<{ intent: 'error' | 'warning'; text: string } | null>(null);
  const archived = product.status === 'archived';

  const toggleArchive = () => {
    setAnswer(null);
    archive.mutate(archived ? 'unarchive' : 'archive', {
      onSuccess: (saved) =>
        toast({
          intent: 'success',
          title: saved.status === 'archived' ? 'Product archived' : 'Product restored',
          body:
            saved.status === 'archived'
              ? `${saved.title} is hidden from your active catalog. Its sizes and history are kept.`
              : `${saved.title} is back in your active catalog.`,
        }),
      onError: (failure) =>
        setAnswer({ intent: 'error', text: fieldErrors(failure, () => false, 'The product could not be changed.').general ?? '' }),
    });
  };

  const confirmDelete = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ intent: 'success', title: 'Product deleted', body: `${product.title} and its sizes were deleted.` });
        navigate('/products');
      },
      onError: (failure) => {
        setConfirming(false);
        const result = fieldErrors(failure, () => false, 'The product could not be deleted.');
        setAnswer({ intent: result.code === 'PRODUCT_IN_USE' ? 'warning' : 'error', text: result.general ?? '' });
      },
    });
  };

  return (
    <PageSection
      id="product-lifecycle"
      icon={<ArchiveRegular />}
      title="Archive or delete"
      description={
        archived
          ? 'This product is archived: it is hidden from your active catalog and pickers, and its sizes and history are kept. Restore it to sell it again.'
          : 'Archive a product you no longer sell: it leaves your active catalog and keeps its sizes and history. Only a product that never held stock can be deleted.'
      }
    >
      {answer === null ? null : (
        <div role="alert">
          <MessageBar intent={answer.intent}>
            <MessageBarBody>{answer.text}</MessageBarBody>
          </MessageBar>
        </div>
      )}
      {dirty ? <p className={styles.text}>Save or discard your changes first.</p> : null}
      <div className={styles.actions}>
        <Button
          icon={archive.isPending ? <Spinner size="tiny" /> : archived ? <ArrowUndoRegular /> : <ArchiveRegular />}
          disabled={dirty}
          disabledFocusable={archive.isPending}
          onClick={toggleArchive}
        >
          {archived ? 'Restore to active' : 'Archive product'}
        </Button>
        <Button
          icon={<DeleteRegular />}
          disabled={dirty}
          onClick={() => {
            setAnswer(null);
            setConfirming(true);
          }}
        >
          Delete product
        </Button>
      </div>
      <Dialog
        open={confirming}
        modalType="alert"
        onOpenChange={(_, data) => {
          if (!data.open && !remove.isPending) setConfirming(false);
        }}
      >
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Delete {product.title}?</DialogTitle>
            <DialogContent>
              The product, its {product.variants.length} {product.variants.length === 1 ? 'size' : 'sizes'} and their barcodes are deleted
              for good. A product with stock or history cannot be deleted; archive it instead.
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
                Keep it
              </Button>
              <Button
                appearance="primary"
                disabledFocusable={remove.isPending}
                icon={remove.isPending ? <Spinner size="tiny" /> : undefined}
                onClick={confirmDelete}
              >
                Delete product
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </PageSection>
  );
}
