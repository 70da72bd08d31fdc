import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, Spinner } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { useNarrowViewport } from '../shell/use-narrow-viewport.ts';
import { PreownedEditor } from './preowned-editor.tsx';
import { usePreownedItem } from './use-preowned.ts';

const useStyles = makeStyles({
  drawer: { width: '680px', maxWidth: '100vw' },
  loading: { paddingTop: '48px' },
});

/** The value of `?item=` that opens the editor for a new item. */
export const NEW_ITEM = 'new';

type PreownedEditorDrawerProps = {
  scope: BusinessScope | undefined;
  /** An item id, NEW_ITEM, or null when closed. */
  itemId: string | null;
  onClose: () => void;
};

/** The pre-owned editor in a side drawer (full screen on a phone), for a new item or an existing one. */
export function PreownedEditorDrawer({ scope, itemId, onClose }: PreownedEditorDrawerProps) {
  const styles = useStyles();
  const narrow = useNarrowViewport();
  const existing = itemId !== null && itemId !== NEW_ITEM ? itemId : null;
  const item = usePreownedItem(scope, existing);
  const open = itemId !== null && scope !== undefined;

  let content: ReactNode = null;
  if (open && existing === null) content = <PreownedEditor key="new" scope={scope} item={null} onClose={onClose} />;
  else if (open && item.data !== undefined)
    content = <PreownedEditor key={`${item.data.id}-${item.data.updated_at}`} scope={scope} item={item.data} onClose={onClose} />;
  else if (open)
    content = (
      <>
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
            Pre-owned item
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          {item.isError ? (
            <FormErrorAlert message="This item could not be loaded. It may have been deleted; close this panel and refresh the list." />
          ) : (
            <Spinner className={styles.loading} label="Loading the item…" />
          )}
        </DrawerBody>
      </>
    );

  return (
    <OverlayDrawer
      open={open}
      position="end"
      size={narrow ? 'full' : 'medium'}
      className={narrow ? undefined : styles.drawer}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
      aria-label="Pre-owned item"
    >
      {content}
    </OverlayDrawer>
  );
}
