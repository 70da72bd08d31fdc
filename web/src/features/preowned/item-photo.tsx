import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ImageOffRegular } from '@fluentui/react-icons';
import type { PreownedItem } from '@tradepost/shared/schemas/preowned.ts';

const useStyles = makeStyles({
  frame: {
    display: 'grid',
    placeItems: 'center',
    aspectRatio: '1 / 1',
    width: '100%',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground4,
    fontSize: '32px',
  },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
});

/** The item's cover thumbnail, or a quiet mark that it has no photo yet. */
export function ItemPhoto({ item, className }: { item: Pick<PreownedItem, 'images' | 'title'>; className?: string }) {
  const styles = useStyles();
  const cover = item.images[0];
  return (
    <div className={mergeClasses(styles.frame, className)}>
      {cover === undefined ? (
        <ImageOffRegular aria-label="No photo yet" role="img" />
      ) : (
        <img className={styles.image} src={cover.thumb_url} alt={item.title} loading="lazy" />
      )}
    </div>
  );
}
