import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DeleteRegular, DocumentEditRegular, WarningRegular } from '@fluentui/react-icons';
import type { PreownedItem } from '@tradepost/shared/schemas/preowned.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { PhotoThumb } from '../../../features/media/photo-thumb.tsx';
import { GradeBadge } from '../../../features/preowned/grade-badge.tsx';
import { itemSizeLabel, missingText } from '../../../features/preowned/preowned-labels.ts';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: '72px minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '16px',
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    '@media (max-width: 600px)': { gridTemplateColumns: '64px minmax(0, 1fr)', gap: '12px' },
  },
  text: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  title: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '6px',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
  },
  missing: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    ...typographyStyles.caption1Strong,
    color: tokens.colorPaletteDarkOrangeForeground1,
  },
  ready: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    ...typographyStyles.caption1Strong,
    color: tokens.colorPaletteGreenForeground1,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    justifyContent: 'flex-end',
    '@media (max-width: 600px)': { gridColumn: '1 / -1', justifyContent: 'stretch' },
  },
});

const savedText = (iso: string) => {
  const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
  return days <= 0 ? 'Saved today' : days === 1 ? 'Saved yesterday' : `Saved ${days} days ago`;
};

type DraftRowProps = { item: PreownedItem; currency: string; onOpen: (id: string) => void; onDelete: (item: PreownedItem) => void };

/** One unfinished item: what it has, what publishing still needs, and the way to finish or drop it. */
export function DraftRow({ item, currency, onOpen, onDelete }: DraftRowProps) {
  const styles = useStyles();
  const size = itemSizeLabel(item.size_format, item.size);
  const missing = missingText(item.missing);
  return (
    <article className={styles.row} aria-label={item.title}>
      <PhotoThumb image={item.images[0]} alt={item.title} />
      <div className={styles.text}>
        <span className={styles.title}>{item.title}</span>
        <span className={styles.meta}>
          {[
            size,
            item.price_cents === null ? null : formatMoney(item.price_cents, currency),
            item.images.length === 0 ? 'No photos yet' : `${item.images.length} ${item.images.length === 1 ? 'photo' : 'photos'}`,
            savedText(item.updated_at),
          ]
            .filter((part) => part !== null)
            .join(' · ')}
          <GradeBadge grade={item.grade} size="small" />
        </span>
        {missing === '' ? (
          <span className={styles.ready}>
            <CheckmarkCircleRegular aria-hidden="true" /> Ready to publish
          </span>
        ) : (
          <span className={styles.missing}>
            <WarningRegular aria-hidden="true" /> {missing}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<DocumentEditRegular />} onClick={() => onOpen(item.id)} aria-label={`Finish ${item.title}`}>
          Finish
        </Button>
        <Button icon={<DeleteRegular />} onClick={() => onDelete(item)} aria-label={`Delete draft ${item.title}`}>
          Delete
        </Button>
      </div>
    </article>
  );
}
