import { Badge, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { PreownedItem } from '@tradepost/shared/schemas/preowned.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { PhotoThumb } from '../../../features/media/photo-thumb.tsx';
import { GradeBadge } from '../../../features/preowned/grade-badge.tsx';
import { daysText, itemSizeLabel, stateLabels } from '../../../features/preowned/preowned-labels.ts';

const useStyles = makeStyles({
  card: {
    boxSizing: 'border-box',
    margin: 0,
    font: 'inherit',
    textAlign: 'start',
    color: 'inherit',
    width: '100%',
    cursor: 'pointer',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '10px',
    minWidth: 0,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    ':hover': { boxShadow: tokens.shadow8, border: `1px solid ${tokens.colorNeutralStroke1Hover}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  photo: { position: 'relative' },
  state: { position: 'absolute', top: '8px', left: '8px' },
  title: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
    minHeight: '40px',
  },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px', minWidth: 0 },
  size: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2 },
  price: { ...typographyStyles.subtitle2, color: tokens.colorNeutralForeground1 },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** One pre-owned item in the grid: photo, title, size, grade, price, cost and time in stock. Opens the editor. */
export function PreownedCard({ item, currency, onOpen }: { item: PreownedItem; currency: string; onOpen: (id: string) => void }) {
  const styles = useStyles();
  const size = itemSizeLabel(item.size_format, item.size);
  const days = daysText(item.days_in_stock, item.state);
  return (
    <button
      type="button"
      className={styles.card}
      onClick={() => onOpen(item.id)}
      aria-label={`${item.title}${size === null ? '' : `, ${size}`}`}
    >
      <div className={styles.photo}>
        <PhotoThumb image={item.images[0]} alt={item.title} />
        {item.state === 'in_stock' ? null : (
          <Badge className={styles.state} appearance="filled" color={item.state === 'sold' ? 'success' : 'subtle'}>
            {stateLabels[item.state]}
          </Badge>
        )}
      </div>
      <span className={styles.title}>{item.title}</span>
      <span className={styles.row}>
        {size === null ? null : <span className={styles.size}>{size}</span>}
        <GradeBadge grade={item.grade} size="small" />
      </span>
      <span className={styles.row}>
        <span className={styles.price}>{item.price_cents === null ? 'No price' : formatMoney(item.price_cents, currency)}</span>
        {item.unit_cost_cents === null ? null : (
          <span className={styles.meta}>
            Cost <Sensitive kind="money">{formatMoney(item.unit_cost_cents, currency)}</Sensitive>
          </span>
        )}
      </span>
      <span className={styles.meta}>{[days, item.location_name].filter(Boolean).join(' · ')}</span>
    </button>
  );
}
