import { Badge, Button, makeStyles, Skeleton, SkeletonItem, Tab, TabList, tokens, typographyStyles } from '@fluentui/react-components';
import {
  AddRegular,
  ChevronDownRegular,
  ChevronUpRegular,
  DeleteRegular,
  EditRegular,
  RulerRegular,
  TableRegular,
} from '@fluentui/react-icons';
import type { SizeFormatDto } from '@tradepost/shared/schemas/sizes.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { SizeConversionTable } from '../../../features/sizes/size-conversion-table.tsx';
import { useDeleteSizeFormat, useSizeFormats } from '../../../features/sizes/use-size-formats.ts';
import { DeleteSizeFormatDialog } from './delete-size-format-dialog.tsx';
import { categoryLabels, editPath } from './size-format-paths.ts';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '12px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cardHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  cardTitles: { flexGrow: 1, minWidth: '220px', display: 'flex', flexDirection: 'column', gap: '4px' },
  name: {
    ...typographyStyles.subtitle2,
    margin: 0,
    color: tokens.colorNeutralForeground1,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
  },
  meta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  run: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground2,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxWidth: '640px',
  },
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  tabs: { flexWrap: 'wrap', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  builtInMeta: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '1Y · 2Y · 3Y … 7Y': the run at a glance, without listing two hundred sizes. */
function runPreview(sizes: readonly string[]): string {
  return sizes.length <= 12 ? sizes.join(' · ') : `${sizes.slice(0, 10).join(' · ')} … ${sizes.at(-1)}`;
}

function CustomFormatCard({ format, onDelete }: { format: SizeFormatDto; onDelete: () => void }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const conversion = format.conversions[0];
  const meta = [
    plural(format.sizes.length, 'size'),
    format.products_count === 0 ? 'Not used by any product' : `Used by ${plural(format.products_count, 'product')}`,
    conversion ? `Converts to ${conversion.format_name}` : 'No conversions',
  ];
  return (
    <article className={styles.card} aria-label={format.name}>
      <div className={styles.cardHead}>
        <div className={styles.cardTitles}>
          <h3 className={styles.name}>
            {format.name}
            {format.category === null ? null : (
              <Badge appearance="tint" color="informative" size="small">
                {categoryLabels[format.category]}
              </Badge>
            )}
          </h3>
          <p className={styles.run}>{runPreview(format.sizes)}</p>
          <p className={styles.meta}>{meta.join(' · ')}</p>
        </div>
        <div className={styles.actions}>
          <Button
            appearance="subtle"
            icon={open ? <ChevronUpRegular /> : <ChevronDownRegular />}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide sizes' : 'Show sizes'}
          </Button>
          <ButtonLink appearance="subtle" icon={<EditRegular />} to={editPath(format.id)} aria-label={`Edit ${format.name}`}>
            Edit
          </ButtonLink>
          <Button appearance="subtle" icon={<DeleteRegular />} onClick={onDelete} aria-label={`Delete ${format.name}`}>
            Delete
          </Button>
        </div>
      </div>
      {open ? <SizeConversionTable format={format} /> : null}
    </article>
  );
}

/** /business/size-formats: the built-in runs (read-only, with Nike's chart) and the business's own. */
export function SizeFormatsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const toast = useAppToast();
  const formats = useSizeFormats(scope);
  const remove = useDeleteSizeFormat(scope);
  const [builtInId, setBuiltInId] = useState('us-men');
  const [deleting, setDeleting] = useState<SizeFormatDto | null>(null);

  const builtIns = formats.data?.built_in ?? [];
  const custom = formats.data?.custom ?? [];
  const builtIn = builtIns.find((format) => format.id === builtInId) ?? builtIns[0];

  const newButton = (
    <ButtonLink appearance="primary" icon={<AddRegular />} to="/business/size-formats/create">
      New size format
    </ButtonLink>
  );

  return (
    <AppPage
      title="Size formats"
      wide
      description="The size runs your products use. Marketplace sizes are read into these runs and converted between them."
      actions={newButton}
    >
      {formats.isPending ? (
        <Skeleton aria-label="Loading size formats">
          <SkeletonItem size={128} />
        </Skeleton>
      ) : formats.isError ? (
        <LoadFailed subject="Size formats" onRetry={() => void formats.refetch()} retrying={formats.isFetching} />
      ) : (
        <>
          <PageSection
            id="custom-size-formats"
            title="Your size formats"
            icon={<RulerRegular />}
            description="Runs of your own, in your order: youth runs, one-size items, ring or hat sizes."
          >
            {custom.length === 0 ? (
              <EmptyState icon={<RulerRegular />} headingLevel={3} title="No size formats of your own yet" actions={newButton}>
                The built-in runs below cover US, kids, EU, UK, CM, apparel and waist sizes. Create your own for sizes they do not hold,
                then pick it when you create a product.
              </EmptyState>
            ) : (
              <div className={styles.list}>
                {custom.map((format) => (
                  <CustomFormatCard key={format.id} format={format} onDelete={() => setDeleting(format)} />
                ))}
              </div>
            )}
          </PageSection>

          <PageSection
            id="built-in-size-formats"
            title="Built-in size formats"
            icon={<TableRegular />}
            description="Read-only. US, GS, EU, UK and CM convert on Nike's chart, the one resellers meet most."
          >
            <TabList
              className={styles.tabs}
              size="small"
              selectedValue={builtIn?.id}
              onTabSelect={(_, data) => setBuiltInId(String(data.value))}
              aria-label="Built-in size formats"
            >
              {builtIns.map((format) => (
                <Tab key={format.id} value={format.id}>
                  {format.name}
                </Tab>
              ))}
            </TabList>
            {builtIn === undefined ? null : (
              <>
                <p className={styles.builtInMeta}>
                  {plural(builtIn.sizes.length, 'size')} ·{' '}
                  {builtIn.conversions.length === 0
                    ? 'Stands alone: no chart converts it'
                    : `Converts to ${builtIn.conversions.map((c) => c.format_name).join(', ')}`}{' '}
                  · {builtIn.products_count === 0 ? 'Not used by your products' : `Used by ${plural(builtIn.products_count, 'product')}`}
                </p>
                <SizeConversionTable format={builtIn} />
              </>
            )}
          </PageSection>
        </>
      )}

      <DeleteSizeFormatDialog
        format={deleting}
        pending={remove.isPending}
        error={remove.error}
        onDismiss={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={(format) =>
          remove.mutate(format.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ intent: 'success', title: 'Size format deleted', body: `${format.name} is gone.` });
            },
          })
        }
      />
    </AppPage>
  );
}
